// The WASM side of the grasp benchmark, shared by Node (grasp_wasm.mjs) and
// headless Chromium (grasp_browser.html): grasplab's WASM module steps a
// scene file for `steps` steps, and mujoco-js replays the commands that
// grasplab's native run recorded (mujoco_grasp.cc wrote the MJCF and the
// replay). mujoco-js is timed as the fastest of three whole runs of the
// replay; grasplab as the median of five draws (timeGrasplab).
import { assetPaths } from '../../../web/src/scene_assets.js';

// grasplab: `scene` is the parsed scene file, `assets` maps "assets/..."
// paths to their bytes (robot models, meshes). Five draws, as
// mujoco_grasp.cc: draw k starts the grasped object k nm further along x
// (a grasp's Lemke work is chaotic in its start); one run each, and the
// median per step with the range.
export function timeGrasplab(Module, scene, assets, steps, now, draws = 5) {
  const times = [];
  let contacts = 0;
  {
    // Warm-up, untimed: the engine compiles the module's hot code in tiers.
    // The whole run, not its first 400 steps: code first reached later (the
    // lift, the shake, the handset's arm under load) was still being
    // optimised in draw 0, which then read 1.6-3.5x the others in Node
    // (102.6 and 220.8 us against ~60 on the handset) and broke "worst of 5
    // draws <= 2x the median" on a JIT artefact, not on the solver.
    const sim = new Module.Simulation();
    for (const [path, bytes] of Object.entries(assets)) sim.setAsset(path, bytes);
    if (sim.loadJson(JSON.stringify(scene)) === '') sim.step(steps);
    sim.delete();
  }
  for (let draw = 0; draw < draws; ++draw) {
    const drawn = structuredClone(scene);
    const object = drawn.bodies.find((b) => b.name === drawn.grasp?.object);
    if (object && draw > 0) object.position = [(object.position?.[0] ?? 0) + 1e-9 * draw, object.position?.[1] ?? 0, object.position?.[2] ?? 0];
    const sim = new Module.Simulation();
    try {
      for (const [path, bytes] of Object.entries(assets)) sim.setAsset(path, bytes);
      const error = sim.loadJson(JSON.stringify(drawn));
      if (error !== '') throw new Error(`${scene.name}: ${error}`);
      let n = 0;
      const t0 = now();
      for (let k = 0; k < steps; ++k) {
        const e = sim.step(1);
        if (e !== '') throw new Error(`${scene.name}: ${e}`);
        n += sim.contactCount();
      }
      times.push((1000 * (now() - t0)) / steps);
      if (draw === 0) contacts = n / steps;
    } finally {
      sim.delete();
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { usPerStep: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted[sorted.length - 1], contactsMean: contacts };
}

// mujoco-js: loads the MJCF into its in-memory file system and steps it
// replay.steps times with the recorded ctrl and mocap poses.
export function timeMujoco(mujoco, xml, replay, now) {
  const path = `/${replay.scene}.xml`;
  mujoco.FS.writeFile(path, xml);
  const model = mujoco.MjModel.loadFromXML(path);
  const data = new mujoco.MjData(model);
  const { steps, nu, nmocap, ctrl, mocap } = replay;
  const object = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY.value, replay.object);
  let best = Infinity;
  let contacts = 0;
  for (let run = 0; run < 3; ++run) {
    mujoco.mj_resetData(model, data);
    contacts = 0;
    const t0 = now();
    for (let k = 0; k < steps; ++k) {
      // Views into the module's memory, fetched per step (they go stale if it grows).
      const c = data.ctrl, mp = data.mocap_pos, mq = data.mocap_quat;
      for (let i = 0; i < nu; ++i) c[i] = ctrl[k * nu + i];
      for (let i = 0; i < nmocap; ++i) {
        const o = (k * nmocap + i) * 7;
        for (let j = 0; j < 3; ++j) mp[3 * i + j] = mocap[o + j];
        for (let j = 0; j < 4; ++j) mq[4 * i + j] = mocap[o + 3 + j];
      }
      mujoco.mj_step(model, data);
      contacts += data.ncon;
    }
    best = Math.min(best, now() - t0);
  }
  const x = data.xpos;
  const g = replay.grasplabObjectEnd;
  const apart = Math.hypot(x[3 * object] - g[0], x[3 * object + 1] - g[1], x[3 * object + 2] - g[2]);
  data.delete();
  model.delete();
  return { usPerStep: (1000 * best) / steps, contactsMean: contacts / steps, objectEndApartMm: 1000 * apart };
}

// Both sides for every scene: `files` reads a repository path as bytes
// (Node: the disk; the page: fetch), `replayDir` is where mujoco_grasp wrote.
// `formulation` ("maximal" or "reduced"), when given, replaces the scenes'
// dynamics.formulation on grasplab's side (GRASPLAB_FORMULATION in the
// environment of grasp_wasm.mjs and grasp_browser.mjs).
export async function runGraspBenchmark({ Module, mujoco, files, replayDir, scenes, now, formulation }) {
  const decode = (bytes) => new TextDecoder().decode(bytes);
  const out = { mujocoVersion: mujoco.mj_versionString(), scenes: {} };
  for (const file of scenes) {
    const scene = JSON.parse(decode(await files(file)));
    if (formulation) scene.dynamics = { ...(scene.dynamics ?? {}), formulation };
    const assets = {};
    for (const path of assetPaths(scene)) assets[path] = await files(path);
    const replay = JSON.parse(decode(await files(`${replayDir}/${scene.name}.replay.json`)));
    const xml = decode(await files(`${replayDir}/${scene.name}.xml`));
    out.scenes[scene.name] = {
      grasplab: timeGrasplab(Module, scene, assets, replay.steps, now),
      mujoco: timeMujoco(mujoco, xml, replay, now),
    };
  }
  return out;
}
