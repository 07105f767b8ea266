// Teleoperation of a scene (issue 21, docs/teleoperation.md): the operator's
// commands as records (control/teleop_command.h) queued on the scene and
// applied by StepScene, before the controllers, when the world's step count
// reaches a record's step. The first record applied hands the scene's
// "teleop" robot to a TeleopController (robot/teleop_controller.h); each
// record replaces the input it holds.
//
// Live use (the page's gamepad) and replay (a link's records) go through the
// same queue, so they step identically: a live command is a record at the
// current step count, a replayed one was recorded at that count.
#pragma once

#include <string>

#include "core/scene/scene.h"

namespace grasplab {

// Queues records (a replayed session) after those already queued: steps
// must not decrease and none may be before the current step count.
// Messages name "<field>[i].step" etc.; on error nothing is queued.
Status QueueTeleopCommands(Scene* scene, const TeleopSession& commands, const std::string& field = "teleop.commands");

// A live command: a record at the current step count (replacing a pending
// record of the same step).
Status PushTeleopCommand(Scene* scene, const TeleopInput& input);

// Applies the records due at the current step count (StepScene calls it).
Status ApplyTeleopCommands(Scene* scene);

}  // namespace grasplab
