// grasplab: the headless form of the simulator. Runs a scene and prints a JSON
// summary on stdout; errors go to stderr with exit code 2.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <unistd.h>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <optional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>
#include <string_view>

#include "cli/cli_support.h"
#include "core/base/heap.h"
#include "core/base/worker_pool.h"
#include "cli/grasp_commands.h"
#include "cli/scene_link.h"
#include "core/io/frame_record.h"
#include "core/io/grasp_json.h"
#include "core/io/json_format.h"
#include "core/io/run_summary.h"
#include "core/io/teleop_json.h"
#include "core/scene/scene_teleop.h"
#include "core/scene/scene_json.h"

namespace {

using grasplab::cli::Fail;
using grasplab::cli::LoadBundledScene;
using grasplab::cli::LoadSceneArg;
using grasplab::cli::ParseDouble;

constexpr const char* kUsage =
    "usage: grasplab run [SCENE.json | --scene NAME] [--duration S | --steps N] [--dt H]\n"
    "                    [--solver TYPE] [--formulation F] [--out FILE.jsonl] [--every K]\n"
    "                    [--teleop SESSION.json] [--threads N] [--set PATH=VALUE ...]\n"
    "       grasplab quality SCENE.json [--at T] [--static-grasp ROBOT]\n"
    "       grasplab link SCENE.json [--base URL]\n"
    "       grasplab check SCENE.json\n"
    "\n"
    "  run          simulate a scene and print a JSON summary (time, steps,\n"
    "               stateHash, final pose and velocity of every body, joints,\n"
    "               solver statistics, the scene's sensor readings, the L1\n"
    "               grasp metrics of the scene's \"grasp\" object)\n"
    "  quality      run a scene to time T (default 0: as loaded) and print its\n"
    "               grasp metrics (force closure, epsilon L1/Linf, volume) for\n"
    "               the scene's \"grasp\" object; --static-grasp first closes the\n"
    "               robot's fingers kinematically (GraspIt!'s auto-grasp)\n"
    "  link         print the share link of a scene (the page opens it; run,\n"
    "               quality and check accept it in place of SCENE.json)\n"
    "  check        validate a scene file; exits 0 if it loads, printing its warnings\n"
    "               (model warnings, bodies that start inside each other) on stderr\n"
    "  SCENE.json   a scene file (docs/scene-format.md) or a share link; errors exit 2\n"
    "  --scene      built-in scene (default falling-sphere)\n"
    "  --duration   simulated seconds (default 2)\n"
    "  --steps      number of steps (instead of --duration)\n"
    "  --dt         time step in seconds (default: the scene's, 0.0025)\n"
    "  --solver     contact model, overriding the scene's solver.type: lcp (friction\n"
    "               pyramid, Lemke), pgs (exact cone, Gauss-Seidel), impulse\n"
    "               (restitution impacts, then resting contacts) or penalty\n"
    "               (overlap volume, adaptive Runge-Kutta; slow: see\n"
    "               docs/contact-models.md)\n"
    "  --formulation  maximal (every body 6 coordinates, joints as rows; the\n"
    "               GraspIt! paper's) or reduced (robots as trees in joint\n"
    "               coordinates, Featherstone; the default), overriding\n"
    "               dynamics.formulation\n"
    "  --out        write one JSON line per sampled frame (time, poses, contacts\n"
    "               with forces, joints, grasp metrics, sensor readings;\n"
    "               docs/scene-format.md, docs/sensors.md)\n"
    "  --every      sample every K steps (default 1), plus the initial frame\n"
    "  --teleop     replay a recorded teleoperation session (its (step, command)\n"
    "               records, docs/teleoperation.md) on a scene with a \"teleop\" entry\n"
    "  --threads    worker threads for the step (default 0: one per hardware\n"
    "               thread, at most 16; 1: the calling thread alone). The\n"
    "               trajectory and stateHash are the same on any number\n"
    "               (the narrow phase's pair queries run on them)\n"
    "  --set        PATH=VALUE: sets one field of the scene before it loads, PATH\n"
    "               dotted object keys, VALUE JSON; repeatable, in order. E.g.\n"
    "               --set timestep=0.01 --set solver.substeps=4\n"
    "               --set solver.iterations=1 --set solver.contactHertz=60\n"
    "\n"
    "A run of more than 2 s of wall time shows its progress on stderr when that\n"
    "is a terminal.\n";

int Link(int argc, char** argv) {
  std::string file, base = "http://127.0.0.1:8080/";
  for (int i = 2; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--base") {
      if (i + 1 >= argc) return Fail("--base: needs a URL");
      base = argv[++i];
    } else if (!arg.empty() && arg[0] != '-' && file.empty()) {
      file = std::string(arg);
    } else {
      return Fail("link: unknown option '" + std::string(arg) + "'\n" + kUsage);
    }
  }
  if (file.empty()) return Fail("link: needs a scene file\n" + std::string(kUsage));
  std::ifstream in(file, std::ios::binary);
  if (!in) return Fail(file + ": cannot open file");
  std::ostringstream text;
  text << in.rdbuf();
  // Only valid scenes get links.
  if (auto scene = grasplab::LoadSceneFile(file); !scene.ok()) return Fail(scene.status().message());
  std::cout << base << "#scene=" << grasplab::EncodeSceneLink(text.str()) << "\n";
  return 0;
}

int Run(int argc, char** argv) {
  std::string scene_name = "falling-sphere";
  std::string scene_file;
  double duration = 2.0;
  long long steps = -1;
  double dt = -1.0;
  std::optional<grasplab::ContactSolver> solver;  // --solver overrides the scene's solver.type
  std::optional<grasplab::Formulation> formulation;  // --formulation overrides dynamics.formulation
  std::string out_file;
  std::string teleop_file;
  long long every = 1;
  int threads = 0;  // World::SetThreads: the machine's hardware threads
  std::vector<std::string> settings;  // --set PATH=VALUE, in order
  for (int i = 2; i < argc; ++i) {
    const std::string_view arg = argv[i];
    auto value = [&](std::string_view flag) -> const char* {
      if (i + 1 >= argc) return nullptr;
      (void)flag;
      return argv[++i];
    };
    if (arg == "--scene") {
      const char* v = value(arg);
      if (!v) return Fail("--scene: needs a value");
      scene_name = v;
    } else if (arg == "--duration") {
      const char* v = value(arg);
      if (!v || !ParseDouble(v, &duration) || !(duration >= 0.0) || duration > 1e6) {
        return Fail("--duration: must be a number of seconds in [0, 1e6]");
      }
    } else if (arg == "--steps") {
      const char* v = value(arg);
      double d = 0.0;
      if (!v || !ParseDouble(v, &d) || !(d >= 0.0) || d > 1e9 || d != static_cast<long long>(d)) {
        return Fail("--steps: must be a whole number in [0, 1e9]");
      }
      steps = static_cast<long long>(d);
    } else if (arg == "--dt") {
      const char* v = value(arg);
      if (!v || !ParseDouble(v, &dt) || !(dt > 0.0) || dt > 0.1) {
        return Fail("--dt: must be a time step in (0, 0.1] s");
      }
    } else if (arg == "--solver") {
      const char* v = value(arg);
      grasplab::ContactSolver parsed;
      if (grasplab::Status s = grasplab::ParseContactSolver(v ? v : "", &parsed); !s.ok()) {
        return Fail("--solver: " + s.message());
      }
      solver = parsed;
    } else if (arg == "--formulation") {
      const char* v = value(arg);
      grasplab::Formulation parsed;
      if (grasplab::Status s = grasplab::ParseFormulation(v ? v : "", &parsed); !s.ok()) {
        return Fail("--formulation: " + s.message());
      }
      formulation = parsed;
    } else if (arg == "--out") {
      const char* v = value(arg);
      if (!v) return Fail("--out: needs a file name");
      out_file = v;
    } else if (arg == "--teleop") {
      const char* v = value(arg);
      if (!v) return Fail("--teleop: needs a session file");
      teleop_file = v;
    } else if (arg == "--every") {
      const char* v = value(arg);
      double d = 0.0;
      if (!v || !ParseDouble(v, &d) || !(d >= 1.0) || d > 1e9 || d != static_cast<long long>(d)) {
        return Fail("--every: must be a whole number of steps >= 1");
      }
      every = static_cast<long long>(d);
    } else if (arg == "--threads") {
      const char* v = value(arg);
      double d = 0.0;
      if (!v || !ParseDouble(v, &d) || !(d >= 0.0) || d > grasplab::WorkerPool::kMaxThreads || d != static_cast<int>(d)) {
        return Fail("--threads: must be a whole number in [0, 16] (0: one per hardware thread)");
      }
      threads = static_cast<int>(d);
    } else if (arg == "--set") {
      const char* v = value(arg);
      if (!v) return Fail("--set: needs PATH=VALUE, e.g. solver.substeps=4");
      settings.emplace_back(v);
    } else if (!arg.empty() && arg[0] != '-' && scene_file.empty()) {
      scene_file = std::string(arg);
    } else {
      return Fail("run: unknown option '" + std::string(arg) + "'\n" + kUsage);
    }
  }
  auto source = scene_file.empty() ? grasplab::cli::ReadBundledSceneSource(scene_name)
                                   : grasplab::cli::ReadSceneSource(scene_file);
  if (!source.ok()) return Fail(source.status().message());
  if (grasplab::Status st = grasplab::cli::ApplySceneSettings(settings, &source.value()); !st.ok()) return Fail(st.message());
  auto scene = grasplab::cli::LoadSceneSource(source.value());
  if (!scene.ok()) return Fail(scene.status().message());
  grasplab::Scene& s = scene.value();
  if (solver) {
    s.world.set_contact_solver(*solver);
    for (const std::string& w : {grasplab::RollingResistanceIgnored(s.world.settings()),
                                 grasplab::SoftContactsIgnored(s.world.settings()),
                                 grasplab::SubstepsIgnored(s.world.settings())}) {
      if (!w.empty()) std::cerr << "warning: " << w << " (--solver)\n";
    }
  }
  if (formulation) s.world.set_formulation(*formulation);
  if (grasplab::Status st = s.world.PrepareContactModel(); !st.ok()) return Fail(st.message());
  s.world.SetThreads(threads);
  const double h = dt > 0.0 ? dt : s.timestep;
  // A teleoperation link replays its records (and, without --steps, runs to
  // the step it was shared at: the page's state hash).
  if (!scene_file.empty() && grasplab::IsSceneLink(scene_file)) {
    auto teleop = grasplab::DecodeTeleopLink(scene_file);
    if (!teleop.ok()) return Fail(teleop.status().message());
    if (!teleop.value().text.empty()) {
      if (!teleop_file.empty()) return Fail("--teleop: the link carries its own teleoperation records");
      if (dt > 0.0 && dt != s.timestep) return Fail("link: teleoperation records replay at the scene's own timestep (leave out --dt)");
      auto session = grasplab::ParseTeleopSessionJson(teleop.value().text, "link: teleop");
      if (!session.ok()) return Fail(session.status().message());
      if (grasplab::Status st = grasplab::QueueTeleopCommands(&s, session.value(), "link: teleop.commands"); !st.ok()) {
        return Fail(st.message());
      }
      if (steps < 0 && teleop.value().steps >= 0) steps = teleop.value().steps;
    }
  }
  if (!teleop_file.empty()) {
    // The records' steps and the filter are in the scene's own h.
    if (dt > 0.0 && dt != s.timestep) return Fail("--teleop: replays at the scene's own timestep (leave out --dt)");
    std::ifstream in(teleop_file, std::ios::binary);
    if (!in) return Fail("--teleop: cannot read " + teleop_file);
    std::stringstream text;
    text << in.rdbuf();
    auto session = grasplab::ParseTeleopSessionJson(text.str(), teleop_file);
    if (!session.ok()) return Fail(session.status().message());
    if (grasplab::Status st = grasplab::QueueTeleopCommands(&s, session.value(), teleop_file + ".commands"); !st.ok()) {
      return Fail(st.message());
    }
  }
  // Round to the nearest whole step so --duration 2 at h = 2.5 ms is 800 steps.
  const long long n = steps >= 0 ? steps : static_cast<long long>(duration / h + 0.5);
  std::ofstream out;
  if (!out_file.empty()) {
    out.open(out_file, std::ios::binary);
    if (!out) return Fail("--out: cannot write " + out_file);
    out << grasplab::FrameJson(s).dump() << "\n";
  }
  const bool tty = isatty(fileno(stderr)) != 0;
  const auto start = std::chrono::steady_clock::now();
  auto last_report = start;
  for (long long k = 0; k < n; ++k) {
    if (grasplab::Status st = grasplab::StepScene(&s, h); !st.ok()) return Fail(st.message());
    if (out.is_open() && ((k + 1) % every == 0 || k + 1 == n)) out << grasplab::FrameJson(s).dump() << "\n";
    if (tty && (k & 63) == 0) {
      const auto now = std::chrono::steady_clock::now();
      if (now - start > std::chrono::seconds(2) && now - last_report > std::chrono::milliseconds(500)) {
        const double wall = std::chrono::duration<double>(now - start).count();
        std::fprintf(stderr, "\rgrasplab: t = %.3f s, step %lld of %lld (%.0f%%), %.2fx real time ", s.world.time(),
                     k + 1, n, 100.0 * (k + 1) / n, s.world.time() / wall);
        last_report = now;
      }
    }
  }
  if (tty && std::chrono::steady_clock::now() - start > std::chrono::seconds(2)) std::fprintf(stderr, "\n");
  if (out.is_open()) {
    out.close();
    if (!out) return Fail("--out: writing " + out_file + " failed");
  }
  nlohmann::ordered_json summary = grasplab::RunSummary(s.name, s.world);
  if (s.grasp) {
    // The L1 metrics only, as in the --out frames: the L-infinity wrench
    // space of a 3- or 4-finger grasp is a hull of ~50,000 facets in R^6
    // (0.5-2 s here, more than the run itself); `grasplab quality` gives it.
    // (The same JSON as the WASM module's graspJson(false) and Python's grasp().)
    summary["grasp"] = grasplab::GraspQualityJson(grasplab::EvaluateSceneGraspLive(s, /*linf=*/false));
  }
  if (!s.warnings.empty()) summary["modelWarnings"] = s.warnings;
  std::cout << grasplab::FormatJson(summary) << "\n";
  return 0;
}

int Quality(int argc, char** argv) {
  std::string file, static_robot;
  double at = 0.0;
  for (int i = 2; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--at") {
      if (i + 1 >= argc || !ParseDouble(argv[++i], &at) || !(at >= 0.0) || at > 1e6) {
        return Fail("--at: must be a time in [0, 1e6] s");
      }
    } else if (arg == "--static-grasp") {
      if (i + 1 >= argc) return Fail("--static-grasp: needs a robot name");
      static_robot = argv[++i];
    } else if (!arg.empty() && arg[0] != '-' && file.empty()) {
      file = std::string(arg);
    } else {
      return Fail("quality: unknown option '" + std::string(arg) + "'\n" + kUsage);
    }
  }
  if (file.empty()) return Fail("quality: needs a scene file\n" + std::string(kUsage));
  auto scene = LoadSceneArg(file);
  if (!scene.ok()) return Fail(scene.status().message());
  grasplab::Scene& s = scene.value();
  if (!s.grasp) return Fail(file + ": grasp: the scene names no grasped object (\"grasp\": {\"object\": ...})");
  const long long n = static_cast<long long>(at / s.timestep + 0.5);
  for (long long k = 0; k < n; ++k) {
    if (grasplab::Status st = grasplab::StepScene(&s, s.timestep); !st.ok()) return Fail(st.message());
  }
  if (!static_robot.empty()) {
    const int index = grasplab::FindRobot(s, static_robot);
    if (index < 0) return Fail("--static-grasp: the scene has no robot named \"" + static_robot + "\"");
    grasplab::SceneAction a;
    a.type = grasplab::ActionType::kAutoGraspStatic;
    a.robot = index;
    if (grasplab::Status st = grasplab::RunAction(&s, a); !st.ok()) return Fail(st.message());
  }
  nlohmann::ordered_json out;
  out["scene"] = s.name;
  out["time"] = s.world.time();
  out["object"] = s.world.body_name(s.grasp->object);
  out["grasp"] = grasplab::GraspQualityJson(grasplab::EvaluateSceneGrasp(s));
  std::cout << grasplab::FormatJson(out) << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  grasplab::KeepHeapWarm();
  if (argc < 2 || std::string_view(argv[1]) == "--help" || std::string_view(argv[1]) == "-h") {
    std::cout << kUsage << "\n" << grasplab::cli::kGraspUsage;
    return argc < 2 ? 2 : 0;
  }
  grasplab::cli::SetProgramPath(argv[0]);
  if (std::string_view(argv[1]) == "run") return Run(argc, argv);
  if (std::string_view(argv[1]) == "link") return Link(argc, argv);
  if (std::string_view(argv[1]) == "quality") return Quality(argc, argv);
  if (std::string_view(argv[1]) == "plan") return grasplab::cli::PlanCommand(argc, argv);
  if (std::string_view(argv[1]) == "evaluate") return grasplab::cli::EvaluateCommand(argc, argv);
  if (std::string_view(argv[1]) == "merge") return grasplab::cli::MergeCommand(argc, argv);
  if (std::string_view(argv[1]) == "grasp-scene") return grasplab::cli::GraspSceneCommand(argc, argv);
  if (std::string_view(argv[1]) == "check") {
    if (argc != 3) return Fail("check: needs exactly one scene file\n" + std::string(kUsage));
    auto scene = LoadSceneArg(argv[2]);
    if (!scene.ok()) return Fail(scene.status().message());
    // It loads; what it warns about (model warnings, bodies starting inside
    // each other) goes to stderr, the exit status stays 0.
    for (const std::string& w : scene.value().warnings) std::cerr << "warning: " << w << "\n";
    return 0;
  }
  return Fail("unknown command '" + std::string(argv[1]) + "'\n" + kUsage);
}
