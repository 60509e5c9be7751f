#pragma once
// The Online screens' shared parts (SFML): the panel they draw on, the player's own name and fingerprint, the menu
// rows, and the screens the Online menu opens (online_menu.cpp, service_screens.cpp).
#include "game/app/online/service_flow.h"
#include "game/app/screen.h"
#include "game/net/identity.h"

#include <SFML/Graphics/Color.hpp>

#include <memory>
#include <string>

namespace app {

/// The service screens' text colours (the queue, results, the profile).
const sf::Color kServiceGrey(200, 200, 215), kServiceRed(255, 110, 100), kServiceGold(255, 240, 150),
    kServiceBlue(170, 230, 255);

/// Title -> mode select -> Online menu, as if chosen from the menus (so Esc keeps working from there).
void backToOnlineMenu(Context& ctx);
/// The stage behind a dimmed panel and a title.
void drawPanel(sf::RenderTarget& t, const Context& ctx, long ticks, const std::string& title, float titleY = 110.f);
/// "you: NAME (FP)" under a title.
void drawYou(sf::RenderTarget& t, Context& ctx, float y);
/// Menu rows from y down, `step` apart; the cursor's row highlighted.
void drawRows(sf::RenderTarget& t, const Context& ctx, const std::vector<std::string>& rows, int cursor, float y,
              float step);
/// The key hint at the bottom.
void drawHint(sf::RenderTarget& t, const Context& ctx, const std::string& hint);

/// The fighter played online: --fighter or the Online menu's pick, else P1's last pick, else the default P1.
std::string onlineFighter(const Context& ctx);

/// This installation's identity (identity.key, made on first online use and kept in ctx; a key for this run when
/// the key cannot be read or written: ctx.identityProblem says why). Loading it says a problem once: a key that
/// could not be written as a failed write (reportWriteFailure: exit status 1), a damaged or unreadable identity.key
/// as a bad file (reportBadFile: 2), no data folder at all on stderr only (the start already said no file is saved).
const net::Identity& playerIdentity(Context& ctx);
/// A client of the matchmaking service in settings.cfg (`service`) as this player.
ranked::RankedClient serviceClient(Context& ctx);
/// True when this build can reach a service (the service client was built: cpp-httplib).
bool serviceClientBuilt();

/// The Advanced page: service address, lobby, relay, input delay and rollback, the direct path.
std::unique_ptr<Screen> makeOnlineAdvanced(Context& ctx);
/// Quick match, Ranked or a challenge (code: the friend's) from the queue to the match found.
std::unique_ptr<Screen> makeSeekScreen(Context& ctx, SeekKind kind, const std::string& code = "");
/// Friends: your code to give, a friend's code to challenge.
std::unique_ptr<Screen> makeFriendsScreen(Context& ctx);
/// Profile: name, fingerprint, rating, rank, the last matches and their replays.
std::unique_ptr<Screen> makeProfileScreen(Context& ctx);

}  // namespace app
