// Every message between the main thread and the simulation worker, in one
// place. The worker owns the WASM module and the fixed-step loop; the main
// thread only renders and sends commands. Per-frame data travels as
// transferred typed arrays, never as JSON.
//
// main -> worker
//   { type: 'load', scene: string }        load a scene file "assets/scenes/NAME.json" (a bare NAME means that file)
//                                          (fetched with every asset it names); keeps the old one on error
//   { type: 'load', scene: name, text }     load a scene from its JSON text (a share link, an opened file)
//   { type: 'load', ..., teleop, steps }    also queue a recorded teleoperation session (its JSON text,
//                                           core/io/teleop_json.h) before adopting the scene (a bad record
//                                           is refused naming its field, and the old scene stays), then
//                                           advance `steps` steps (paused): a teleoperation link
//   { type: 'source' }                      ask for the loaded scene's source (for Share and Save)
//   { type: 'record', on: boolean }         start (clearing the last recording) or stop recording: one
//                                           frame (io/frame_record.h, as `grasplab run --out` writes it)
//                                           every `every` steps, with every = round((1/60 s) / h)
//   { type: 'show-recorded', index }        show recorded frame `index` (pauses the simulation)
//   { type: 'export-recording' }            ask for the recording as JSONL
//   { type: 'play' } | { type: 'pause' }   start / stop the real-time loop
//   { type: 'step' }                        advance exactly one step (while paused)
//   { type: 'run', steps: n }               pause, then advance exactly n steps at once (1..1e6)
//   { type: 'reset' }                       rebuild the current scene from its spec (time 0), paused
//   { type: 'speed', factor: number }       real-time factor, 0.1..10, or Infinity (as fast as possible)
//   { type: 'action', action, robot, duration }  a grasp action now: 'autograsp-static' | 'autograsp' |
//                                           'open' | 'lift' | 'shake' on the named robot (core/scene/scene.h)
//   { type: 'controller', robot, source }   a JavaScript controller for the robot, run in the worker before
//                                           every step: source is the body of function(t, joints), where
//                                           joints = [{ name, position, velocity, target, lower, upper,
//                                           maxEffort, effort }]; it returns { jointName: target, ... } (URDF
//                                           values). source null hands the robot back to its trajectories.
//   { type: 'joint-target', robot, joint, position }  a joint slider: the PD set point (URDF value, clamped
//                                           into the limits); the sliders own the robot's set points
//                                           from then until its next action
//   { type: 'drag-start', body, point, target, frequency? }  grab a dynamic body at world point `point`
//                                           and pull it towards `target` through the spring-damper of
//                                           Chardonnet et al. eq. 7: k_p = m (2 pi f)^2 (f = 3 Hz unless
//                                           given), k_v = sqrt(2 m k_p)
//   { type: 'drag-move', target }           move the spring's world end
//   { type: 'drag-end' }                    let go
//   { type: 'material', name, staticFriction, kineticFriction }  a material's friction, from the next step
//   { type: 'gravity', gravity: [gx, gy, gz] }  gravity (m/s^2, world) from the next step (a lesson's tilt);
//                                           a reset or load goes back to the scene's
//   { type: 'wrench-space', on }            frames' grasp metrics also carry wrenchSpace (io/grasp_json.h:
//                                           WrenchSpaceJson: generators, weakest direction, margin)
//   { type: 'measure', id, question, values }  measure a lesson question's quantity on fresh runs of the
//                                           loaded scene (web/src/lesson_measure.js; values: the lesson
//                                           controls by id); answered by 'measured' with the same id
//   { type: 'teleop', command: { velocity: [vx, vy, vz], angularVelocity: [wx, wy, wz], closure } }
//                                           a teleoperation command (world frame, m/s, rad/s, closure 0..1),
//                                           recorded at the worker's current step count and held from that
//                                           step on (core/scene/scene_teleop.h; docs/teleoperation.md)
//   { type: 'teleop-session' }              ask for the session's records so far (for Share)
//   { type: 'compare', models: [{ label, solver }] }  run the scene under these other contact models too
//                                           (compare_models.js), all restarted from t = 0; [] stops
//
// worker -> main
//   { type: 'scenes', names: string[], titles, summaries }  once at start: the
//                                                    files listed in assets/scenes/index.json (with their
//                                                    titles and summaries by name)
//   { type: 'scene', name, timestep, description, materials, settings, compare, frame }   once per load or reset;
//                                                    frame: the scene's first 'frame' message (below), in the
//                                                    same message so no reader pairs this scene's bodies with
//                                                    the last scene's poses;
//                                                    compare: the models run beside it [{ label, solver }]; settings: the values
//                                                    in force, defaults included (core/io/scene_description.h:
//                                                    DescribeSettings); description = { bodies:
//                                                    [{ name, static, shape }], robots: [name], warnings: [string],
//                                                    grasp: { object, robot } or null }; materials: [{ name,
//                                                    staticFriction, kineticFriction }]
//   { type: 'frame', time, steps, running, stateHash, contactCount, actualSpeed, grasp, robots,
//     poses, sleeping, contacts, joints, stats, energy, drag, ghosts }
//        ghosts: per model compared [{ label, poses (Float64Array as poses), contactCount, stepMs, time }]
//        grasp: the scene's grasp metrics { forceClosure, epsilonL1, volumeL1, ..., time } or null (L1 only;
//               while running, re-evaluated every >= 100 ms of wall time, `time` = when, sim seconds)
//        sensors: the scene's sensor readings (core/io/sensor_json.h, with names and the force/torque
//                 and tactile sensors' frames in the world) or null without sensors (docs/sensors.md)
//        robots: { name: { external, joints: [{ name, position, target, lower, upper }] } } (URDF values;
//                external: the sliders or a JavaScript controller own its set points)
//        Float64Arrays, transferred, in the layouts of core/io/frame_arrays.h:
//        poses:    7 per body (px py pz qw qx qy qz, world z-up)
//        contacts: CONTACT_STRIDE per contact (point, normal B->A, normal force N, friction force N, mu,
//                  body A, body B, slip speed m/s, sliding 0/1, first friction direction, gap m,
//                  the LCP unknowns positive in the last solve as bits: normal, beta_k, lambda)
//        joints:   JOINT_STRIDE per world joint (type, parent, child, anchor, axis, q, limited, lower, upper)
//        stats:    STATS_SIZE of the last step (stage seconds: the mean over the timed steps since the
//                  last frame, as the browser's clock is coarse; counts, LCP size, pivots, residual, failures,
//                  step length, quarantined bodies, friction directions u, the warm start, awake and
//                  sleeping islands and bodies)
//        sleeping: Uint8Array, 1 per body asleep (core/world/island_sleep.h), 0 awake or static
//        energy:   [T, T_grip, ratio or -1] of the grasped object (core/grasp/kinetic_energy_ratio.h;
//                  -1 while T_grip <= 1 uJ, the gripper nearly at rest)
//        drag:     [body or -1, grab point xyz, target xyz, spring force xyz N]
//        actualSpeed: simulated seconds per wall-clock second over the last ~0.5 s
//   { type: 'source', builtin: null, text }  the loaded scene's JSON text
//   { type: 'recorded', index, frames, time, step, poses, contacts, contactCount, grasp, sensors }
//                                           a recorded frame to show (poses and contacts as in 'frame';
//                                           grasp with its wrenchSpace while the page asks for it;
//                                           sensors: the frame's readings, without names, or null)
//   { type: 'recording', jsonl }             the recording, one JSON line per frame
//   { type: 'teleop-session', text, steps }  the session's records (JSON text, null without a "teleop"
//                                           entry) and the step count now
//   frames also carry teleop: the scene's set-up { robot, workspace: { min, max }, maxSpeed,
//                                           maxAngularSpeed, timeConstant, records, engaged } or null
//   { type: 'measured', id, result | error }  a 'measure' answered: { value, unit, formula: { value, text },
//                                           details } or the reason it could not be measured
//   frames also carry recording: { on, frames, every }
//   { type: 'error', message, fatal }       anything that failed (shown in the error panel); fatal:
//                                           the WASM module trapped, the page replaces the worker
//   frames also carry memory: { wasm, jsHeap } (bytes; jsHeap -1 where the browser does not tell)
// To the worker, { type: 'fault' } behaves as a trap (for the page's fault test).

export const ToWorker = Object.freeze({
  LOAD: 'load', PLAY: 'play', PAUSE: 'pause', STEP: 'step', RUN: 'run', RESET: 'reset', SPEED: 'speed',
  ACTION: 'action', CONTROLLER: 'controller', SOURCE: 'source',
  RECORD: 'record', SHOW_RECORDED: 'show-recorded', EXPORT_RECORDING: 'export-recording',
  JOINT_TARGET: 'joint-target', DRAG_START: 'drag-start', DRAG_MOVE: 'drag-move', DRAG_END: 'drag-end',
  MATERIAL: 'material', GRAVITY: 'gravity', MEASURE: 'measure', WRENCH_SPACE: 'wrench-space', FAULT: 'fault',
  COMPARE: 'compare', TELEOP: 'teleop', TELEOP_SESSION: 'teleop-session', STAGE_TIMING: 'stage-timing',
});

export const FromWorker = Object.freeze({
  SCENES: 'scenes', SCENE: 'scene', FRAME: 'frame', ERROR: 'error', SOURCE: 'source',
  RECORDED: 'recorded', RECORDING: 'recording', MEASURED: 'measured', TELEOP_SESSION: 'teleop-session',
});

export const POSE_STRIDE = 7;

// core/io/frame_arrays.h
export const CONTACT_STRIDE = 20;
export const Contact = Object.freeze({
  P: 0, N: 3, NORMAL_FORCE: 6, FRICTION_FORCE: 7, MU: 10, BODY_A: 11, BODY_B: 12, SLIP: 13, SLIDING: 14, T1: 15,
  GAP: 18, ACTIVE: 19,
});
export const JOINT_STRIDE = 13;
export const JointField = Object.freeze({
  TYPE: 0, PARENT: 1, CHILD: 2, ANCHOR: 3, AXIS: 6, Q: 9, LIMITED: 10, LOWER: 11, UPPER: 12,
});
// Stage names in World::Step's order (core/world/step_stats.h), then the counters.
export const STAGE_NAMES = ['integratePositions', 'contactTime', 'broadPhase', 'narrowPhase', 'externalImpulses',
  'jointForces', 'islands', 'assembleRows', 'solveIslands', 'storeSolution', 'sensors', 'pads'];
const C = STAGE_NAMES.length;
export const STATS_SIZE = C + 20;
export const Stats = Object.freeze({
  STAGES: 0, CONTACTS: C, PAIRS: C + 1, ISLANDS: C + 2, LCP_SIZE: C + 3, LCP_MAX: C + 4, PIVOTS: C + 5,
  RESIDUAL: C + 6, LCP_FAILURES: C + 7, STEP_LENGTH: C + 8, QUARANTINED: C + 9, FRICTION_DIRECTIONS: C + 10,
  LCP_ISLANDS: C + 11, LCP_WARM_ISLANDS: C + 12, WARM_MISSES_TOTAL: C + 13, PIVOTS_PER_STEP: C + 14,
  WARM_REPAIRED_TOTAL: C + 15,
  AWAKE_ISLANDS: C + 16, SLEEPING_ISLANDS: C + 17, AWAKE_BODIES: C + 18, SLEEPING_BODIES: C + 19,
});
