// Peer benchmark (not built by the project's two commands): a grasp scene
// stepped by grasplab and by MuJoCo (Debian libmujoco-dev) in one run.
//
//   mujoco_grasp OUT_DIR SECONDS SCENE.json...
//
// GRASPLAB_FORMULATION=reduced (or maximal) in the environment replaces the
// scenes' dynamics.formulation on grasplab's side (issue 18's table runs
// both).
//
// Per scene: the scene is translated to MJCF at its creation poses
// (mjcf_writer.h). grasplab runs it first and records, per step, what its
// controllers commanded: each PD joint's ctrl = q_t + (kd/kp) q_dot_t and
// each mounted root's pose. MuJoCo then replays those commands, so both
// engines are driven identically (auto-grasp, lift and shake included), and
// the run checks they end in the same physical state before the times are
// compared: the grasped object's final position and its height over the
// run (draw 0). Times are the minimum over 3 runs of the whole sequence,
// per step, for each of 5 draws: draw k starts the object k nm further
// along x. A grasp's Lemke work is chaotic in its start (on the parallel
// jaw 1.7k to 78k pivots per 5 s between draws), so one draw is a lottery;
// the table gives the median and grasplab's range.
//
// Writes OUT_DIR/<scene>.xml and OUT_DIR/<scene>.replay.json (the commands
// and grasplab's final object position) for mujoco-js (mujoco_replay.mjs),
// and prints one markdown table row per scene.
#include <mujoco/mujoco.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "core/scene/scene.h"
#include "core/scene/scene_json.h"
#include "tests/bench/peers/mjcf_writer.h"

using namespace grasplab;
using Clock = std::chrono::steady_clock;

namespace {

struct Recording {
  int steps = 0;
  std::vector<double> ctrl;   // steps x nu
  std::vector<double> mocap;  // steps x (7 per mocap body): px py pz qw qx qy qz
  std::vector<double> object_z;
  Vec3 object_end = Vec3::Zero();
  double contacts_mean = 0.0;
  int contacts_max = 0;
};

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

double Seconds(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

// grasplab: one run of `steps`, recording when `rec` is set; returns seconds.
double RunGrasplab(const std::string& file, int draw, int steps, const peers::MjcfScene* mj, Recording* rec) {
  Scene scene = LoadSceneFile(file).value();
  if (const char* f = std::getenv("GRASPLAB_FORMULATION")) {
    Formulation formulation;
    if (Status s = ParseFormulation(f, &formulation); !s.ok()) {
      std::fprintf(stderr, "GRASPLAB_FORMULATION: %s\n", s.message().c_str());
      std::exit(2);
    }
    scene.world.set_formulation(formulation);
  }
  const BodyId object = scene.grasp->object;
  // Draw k starts the object k nm further along x (see the header).
  Pose start = scene.world.pose(object);
  start.p.x() += 1e-9 * draw;
  (void)scene.world.SetBodyPose(object, start);
  const auto t0 = Clock::now();
  for (int k = 0; k < steps; ++k) {
    if (Status s = StepScene(&scene, scene.timestep); !s.ok()) {
      std::fprintf(stderr, "grasplab: %s\n", s.message().c_str());
      std::exit(1);
    }
    if (!rec) continue;
    const World& w = scene.world;
    for (const auto& a : mj->actuators) {
      rec->ctrl.push_back(w.joint_target(a.joint) + a.kd / a.kp * w.joint_target_velocity(a.joint));
    }
    for (BodyId b : mj->mocap) {
      const Pose& X = w.pose(b);
      rec->mocap.insert(rec->mocap.end(), {X.p.x(), X.p.y(), X.p.z(), X.q.w(), X.q.x(), X.q.y(), X.q.z()});
    }
    rec->object_z.push_back(w.pose(object).p.z());
    rec->contacts_mean += static_cast<double>(w.contacts().size()) / steps;
    rec->contacts_max = std::max(rec->contacts_max, static_cast<int>(w.contacts().size()));
  }
  const double t = Seconds(t0, Clock::now());
  if (rec) rec->steps = steps, rec->object_end = scene.world.pose(object).p;
  return t;
}

// MuJoCo: replays the recorded commands; returns seconds, fills `out` with its own trajectory.
double RunMujoco(const mjModel* m, mjData* d, const Recording& rec, int object, Recording* out) {
  mj_resetData(m, d);
  const int nu = m->nu, nm = m->nmocap;
  const auto t0 = Clock::now();
  for (int k = 0; k < rec.steps; ++k) {
    for (int i = 0; i < nu; ++i) d->ctrl[i] = rec.ctrl[static_cast<std::size_t>(k) * nu + i];
    for (int i = 0; i < nm; ++i) {
      const double* p = &rec.mocap[(static_cast<std::size_t>(k) * nm + i) * 7];
      for (int c = 0; c < 3; ++c) d->mocap_pos[3 * i + c] = p[c];
      for (int c = 0; c < 4; ++c) d->mocap_quat[4 * i + c] = p[3 + c];
    }
    mj_step(m, d);
    if (!out) continue;
    out->object_z.push_back(d->xpos[3 * object + 2]);
    out->contacts_mean += static_cast<double>(d->ncon) / rec.steps;
    out->contacts_max = std::max(out->contacts_max, d->ncon);
  }
  const double t = Seconds(t0, Clock::now());
  if (out) out->object_end = Vec3(d->xpos[3 * object], d->xpos[3 * object + 1], d->xpos[3 * object + 2]);
  return t;
}

void WriteReplay(const std::string& path, const Scene& scene, const Recording& rec, int nu, int nm) {
  std::ofstream f(path);
  char buf[64];
  auto num = [&](double x) { std::snprintf(buf, sizeof buf, "%.17g", x); return std::string(buf); };
  f << "{\"scene\":\"" << scene.name << "\",\"object\":\"" << scene.world.body_name(scene.grasp->object)
    << "\",\"steps\":" << rec.steps << ",\"nu\":" << nu << ",\"nmocap\":" << nm << ",\"grasplabObjectEnd\":["
    << num(rec.object_end.x()) << "," << num(rec.object_end.y()) << "," << num(rec.object_end.z()) << "],\"ctrl\":[";
  for (std::size_t i = 0; i < rec.ctrl.size(); ++i) f << (i ? "," : "") << num(rec.ctrl[i]);
  f << "],\"mocap\":[";
  for (std::size_t i = 0; i < rec.mocap.size(); ++i) f << (i ? "," : "") << num(rec.mocap[i]);
  f << "]}\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: mujoco_grasp OUT_DIR SECONDS SCENE.json...\n");
    return 2;
  }
  const std::string dir = argv[1];
  const double seconds = std::atof(argv[2]);
  constexpr int kRepeats = 3;
  constexpr int kDraws = 5;
  std::printf("| scene | DOF | contacts, grasplab (mean / max) | contacts, MuJoCo (mean / max) | object end apart (mm) | "
              "object height apart, max (mm) | grasplab (us/step; median, range over draws) | MuJoCo %s (us/step) | "
              "grasplab / MuJoCo |\n",
              mj_versionString());
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (int a = 3; a < argc; ++a) {
    const std::string file = argv[a];
    Scene scene = LoadSceneFile(file).value();
    if (!scene.grasp) {
      std::fprintf(stderr, "%s: the scene names no grasped object\n", file.c_str());
      return 1;
    }
    const auto mj = peers::WriteMjcf(scene, scene.grasp->object);
    if (!mj.ok()) {
      std::fprintf(stderr, "%s: %s\n", file.c_str(), mj.status().message().c_str());
      return 1;
    }
    const std::string xml_path = dir + "/" + scene.name + ".xml";
    std::ofstream(xml_path) << mj.value().xml;
    char error[1000] = "";
    mjModel* m = mj_loadXML(xml_path.c_str(), nullptr, error, sizeof error);
    if (!m) {
      std::fprintf(stderr, "%s: MuJoCo rejects the translation: %s\n", xml_path.c_str(), error);
      return 1;
    }
    mjData* d = mj_makeData(m);
    const int steps = static_cast<int>(std::lround(seconds / scene.timestep));

    const int object = mj_name2id(m, mjOBJ_BODY, scene.world.body_name(scene.grasp->object).c_str());
    Recording rec, theirs;  // draw 0's, for the physical check and mujoco-js
    std::vector<double> ours_us, theirs_us;
    for (int draw = 0; draw < kDraws; ++draw) {
      Recording r, t;
      RunGrasplab(file, draw, steps, &mj.value(), &r);
      RunMujoco(m, d, r, object, &t);
      double ours_s = 1e30, theirs_s = 1e30;
      for (int k = 0; k < kRepeats; ++k) {
        ours_s = std::min(ours_s, RunGrasplab(file, draw, steps, &mj.value(), nullptr));
        theirs_s = std::min(theirs_s, RunMujoco(m, d, r, object, nullptr));
      }
      ours_us.push_back(1e6 * ours_s / steps);
      theirs_us.push_back(1e6 * theirs_s / steps);
      if (draw == 0) rec = std::move(r), theirs = std::move(t);
    }
    WriteReplay(dir + "/" + scene.name + ".replay.json", scene, rec, m->nu, m->nmocap);
    double dz = 0.0;
    for (int k = 0; k < steps; ++k) dz = std::max(dz, std::abs(rec.object_z[k] - theirs.object_z[k]));
    const auto [ours_lo, ours_hi] = std::minmax_element(ours_us.begin(), ours_us.end());
    const double ours = Median(ours_us), them = Median(theirs_us);
    std::printf("| %s | %d | %.1f / %d | %.1f / %d | %.1f | %.1f | %.1f (%.1f-%.1f) | %.1f | %.2fx |\n", scene.name.c_str(),
                m->nv, rec.contacts_mean, rec.contacts_max, theirs.contacts_mean, theirs.contacts_max,
                1e3 * (rec.object_end - theirs.object_end).norm(), 1e3 * dz, ours, *ours_lo, *ours_hi, them, ours / them);
    std::fprintf(stderr, "%s: grasplab object end %.4f %.4f %.4f, MuJoCo %.4f %.4f %.4f; pair friction %.3f-%.3f\n",
                 scene.name.c_str(), rec.object_end.x(), rec.object_end.y(), rec.object_end.z(), theirs.object_end.x(),
                 theirs.object_end.y(), theirs.object_end.z(), mj.value().object_friction_min,
                 mj.value().object_friction_max);
    mj_deleteData(d);
    mj_deleteModel(m);
  }
  return 0;
}
