// Grasp analysis: the grasp wrench space of a set of contacts on one object,
// force closure, the Ferrari-Canny epsilon quality and the volume quality
// (Ferrari & Canny 1992; the metrics GraspIt! reports, Miller & Christensen
// section 6).
//
// Each contact i (point p_i, unit normal n_i pointing into the object, i.e.
// the direction of the normal force the hand applies, friction mu_i) gives
// unit-normal-force wrenches, one per edge of its linearised friction cone:
//     f_ik = n_i + mu_i d_k        (d_k: the solver's friction directions,
//                                    solvers/friction_directions.h)
//     w_ik = [ f_ik ; (p_i - c) x f_ik / rho ]
// with c the object's centre of mass and rho the torque scale (m): by
// default the object's bounding radius about c (the largest distance from c
// to its surface, GraspIt!'s "maximum radius"), so a torque and a force of
// the same magnitude at the object's rim weigh the same. Contact models:
//   frictionless:   w_i = [n_i ; (p_i - c) x n_i / rho] only;
//   point contact:  the u cone edges above (hard finger, Coulomb friction);
//   soft finger:    the edges plus two pure torsion wrenches
//                   [n_i ; (p_i - c) x n_i / rho +- mu_i r_t n_i / rho],
//                   torsional friction up to mu r_t f_n (r_t in m; a
//                   contact's own GraspContact::torsional_radius makes it
//                   a soft finger with that r_t under the point model too).
// Planar grasps (GraspSpace::kPlanar) use the wrench (fx, fy, tau_z / rho)
// in R^3, with the two in-plane edges n +- mu t (exact in the plane).
//
// Grasp wrench spaces (Ferrari & Canny):
//   L1:   W_L1  = ConvexHull( union_i { w_ik } )   (sum of normal forces <= 1)
//   Linf: W_Linf = Minkowski sum_i ConvexHull({0} union { w_ik })
//                                                 (each normal force <= 1)
// Force closure: the origin lies strictly inside W (the same for both).
// Epsilon: the radius of the largest origin-centred ball inside W (the
// smallest wrench, in the |.|_2 of the scaled wrench, that the worst-case
// disturbance needs to break the grasp with unit forces); 0 without force
// closure. Volume: the 6-D (or 3-D) volume of W.
//
// The L-infinity space has up to (u + 1)^n points and its hull grows
// exponentially with the contacts (measured, 6-D, this machine: 4 contacts
// with 4 edges 0.2 s, 5 contacts 1.3 s; 5 contacts with 8 edges 82 s). It is
// built contact by contact, keeping only the hull vertices after each one,
// and skipped (with a note saying so) when a sum would exceed
// max_linf_points candidates. L1 is the default metric, as in GraspIt!.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/math/types.h"

namespace grasplab {

enum class GraspContactModel { kFrictionless, kPointContact, kSoftFinger };
enum class GraspSpace { kSpatial, kPlanar };

const char* GraspContactModelName(GraspContactModel model);
// The model named "point", "frictionless" or "soft-finger" (GraspContactModelName's
// names), for the scene format and the grasp probe; false for any other name.
bool GraspContactModelFromName(std::string_view name, GraspContactModel* out);

struct GraspContact {
  Vec3 p_W = Vec3::Zero();   // m
  Vec3 n_W = Vec3::UnitZ();  // unit, into the object
  double friction = 0.0;     // mu >= 0
  // r_t (m) of a contact that is a soft finger by its own physics (a
  // compliant pad's torsion arm, world/pad_stage.h: the pad resists a twist
  // about n up to mu F r_t); 0: the settings' model decides. Such a contact
  // adds the soft finger's two torsion wrenches with its own r_t under the
  // point-contact and soft-finger models (not under frictionless).
  double torsional_radius = 0.0;
};

struct GraspQualitySettings {
  int friction_edges = 8;    // u: 4, 6, 8, 12 or 16 (spatial); planar uses 2
  GraspContactModel model = GraspContactModel::kPointContact;
  GraspSpace space = GraspSpace::kSpatial;
  double torsional_radius = 0.005;  // r_t (m), soft finger only
  bool compute_linf = true;
  int max_linf_points = 2500;  // candidate sums per hull (see above)
};

struct GraspQuality {
  int contact_count = 0;
  int wrench_count = 0;       // L1 generators
  int rank = 0;               // dimension spanned by the L1 wrenches (<= 6 or 3)
  double torque_scale = 0.0;  // rho (m)
  bool force_closure = false;
  double epsilon_l1 = 0.0;
  double volume_l1 = 0.0;
  bool has_linf = false;
  double epsilon_linf = 0.0;
  double volume_linf = 0.0;
  std::string note;           // why a metric is 0 or missing, empty otherwise

  // The L1 wrench space itself, for drawing it (the page's wrench-space
  // panel, lessons): its generators w_ik (wrench_count x dim, row-major, in
  // the scaled units above) and the direction the grasp resists least.
  std::vector<double> generators;
  // weakest: unit (dim entries used), the outward normal of the L1 hull's
  // facet nearest the origin: the hand can apply at most `weakest_margin`
  // along it with unit total normal force, so a disturbance along -weakest
  // is the one that breaks the grasp first. weakest_margin = the origin's
  // depth (epsilon when > 0; <= 0 without force closure: the disturbance
  // along -weakest cannot be resisted at all). When the wrenches span fewer
  // than dim dimensions (a flat hull: never force closure), weakest is the
  // normal of their affine hull oriented away from it (the least singular
  // direction of the centred generators) and the margin minus their
  // distance from the origin along it. has_weakest is false when the hull
  // failed (too large, numerical) or there are no contacts.
  bool has_weakest = false;
  // > 0 when the L1 hull was built on joggled wrenches (convex_hull_nd.cc:
  // degenerate input); epsilon, weakest and the margin are then those of
  // wrenches moved by up to this per coordinate.
  double joggle = 0.0;
  std::array<double, 6> weakest{};
  double weakest_margin = 0.0;
};

// torque_scale rho > 0 (m). Contacts with a non-finite entry or a zero
// normal are an input error reported in the note (metrics 0).
GraspQuality EvaluateGrasp(std::span<const GraspContact> contacts, const Vec3& center_W, double torque_scale,
                           const GraspQualitySettings& settings = {});

// The wrenches of one contact (dimension 6 or 3 each, appended to *out).
void AppendContactWrenches(const GraspContact& contact, const Vec3& center_W, double torque_scale,
                           const GraspQualitySettings& settings, std::vector<double>* out);

}  // namespace grasplab
