// Every message between the main thread and the simulation worker, in one
// place. The worker owns the WASM module and the fixed-step loop; the main
// thread only renders and sends commands. Per-frame data travels as
// transferred typed arrays, never as JSON.
//
// main -> worker
//   { type: 'load', scene: string }        load a built-in scene, or a scene file "assets/scenes/NAME.json"
//                                          (fetched with every asset it names); keeps the old one on error
//   { type: 'load', scene: name, text }     load a scene from its JSON text (a share link, an opened file)
//   { type: 'source' }                      ask for the loaded scene's source (for Share and Save)
//   { type: 'record', on: boolean }         start (clearing the last recording) or stop recording: one
//                                           frame (io/frame_record.h, as `grasplab run --out` writes it)
//                                           every `every` steps, with every = round((1/60 s) / h)
//   { type: 'show-recorded', index }        show recorded frame `index` (pauses the simulation)
//   { type: 'export-recording' }            ask for the recording as JSONL
//   { type: 'play' } | { type: 'pause' }   start / stop the real-time loop
//   { type: 'step' }                        advance exactly one step (while paused)
//   { type: 'run', steps: n }               pause, then advance exactly n steps at once (1..1e6)
//   { type: 'reset' }                       reload the current scene, paused
//   { type: 'speed', factor: number }       real-time factor, 0.1..10, or Infinity (as fast as possible)
//   { type: 'action', action, robot, duration }  a grasp action now: 'autograsp-static' | 'autograsp' |
//                                           'open' | 'lift' | 'shake' on the named robot (core/scene/scene.h)
//   { type: 'controller', robot, source }   a JavaScript controller for the robot, run in the worker before
//                                           every step: source is the body of function(t, joints), where
//                                           joints = [{ name, position, velocity, target, lower, upper,
//                                           maxEffort, effort }]; it returns { jointName: target, ... } (URDF
//                                           values). source null hands the robot back to its trajectories.
//
// worker -> main
//   { type: 'scenes', names: string[] }              once at start: the built-in scenes, then the
//                                                    files listed in assets/scenes/index.json
//   { type: 'scene', name, timestep, description }   once per load; description = { bodies: [{ name, static, shape }],
//                                                    robots: [name] }
//   { type: 'frame', time, steps, running, stateHash, contactCount, actualSpeed, grasp, poses }
//        grasp: the scene's grasp metrics { forceClosure, epsilonL1, volumeL1, ... } or null
//        poses: Float64Array, 7 per body (px py pz qw qx qy qz, world z-up), transferred
//        actualSpeed: simulated seconds per wall-clock second over the last ~0.5 s
//   { type: 'source', builtin, text }       the loaded scene: a built-in's name, or its JSON text
//   { type: 'recorded', index, time, poses, grasp }  a recorded frame to show (poses as in 'frame')
//   { type: 'recording', jsonl }             the recording, one JSON line per frame
//   frames also carry recording: { on, frames, every }
//   { type: 'error', message }              anything that failed (shown in the error panel)

export const ToWorker = Object.freeze({
  LOAD: 'load', PLAY: 'play', PAUSE: 'pause', STEP: 'step', RUN: 'run', RESET: 'reset', SPEED: 'speed',
  ACTION: 'action', CONTROLLER: 'controller', SOURCE: 'source',
  RECORD: 'record', SHOW_RECORDED: 'show-recorded', EXPORT_RECORDING: 'export-recording',
});

export const FromWorker = Object.freeze({
  SCENES: 'scenes', SCENE: 'scene', FRAME: 'frame', ERROR: 'error', SOURCE: 'source',
  RECORDED: 'recorded', RECORDING: 'recording',
});

export const POSE_STRIDE = 7;
