#pragma once
// The window's online flags are the runners' (game/run/online_flags.h): one definition for the window and the
// headless peer. These names keep the app's spelling.
#include "game/run/online_flags.h"

namespace app {

/// The default online port.
constexpr unsigned short kOnlinePort = run::kOnlinePort;
/// Online settings from the command line (and the Online menu).
using OnlineFlags = run::OnlineFlags;

}  // namespace app
