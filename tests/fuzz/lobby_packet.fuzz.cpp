// Fuzz target: the lobby message decoder (net::decodeLobby: every byte from the network is hostile). Beyond no
// crash: it accepts nothing larger than kMaxLobbyMessage; an accepted message has a code of the alphabet where it
// has one and at most kMaxLocalAddresses addresses, encodes back to exactly the bytes it came from, and, for a
// request, is larger than a Retry (so the lobby's cookie answer never amplifies).
#include "game/net/lobby_packet.h"
#include "tests/fuzz/fuzz_check.h"

#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    net::LobbyMessage m;
    if (!net::decodeLobby(data, size, m)) return 0;
    const std::string bytes = fuzz::asText(data, size);
    if (size > net::kMaxLobbyMessage) fuzz::broken("a message larger than kMaxLobbyMessage was accepted", bytes);
    if (m.locals.size() > net::kMaxLocalAddresses) fuzz::broken("too many addresses", bytes);
    const bool hasCode = m.type == net::LobbyType::Join || m.type == net::LobbyType::Spectate ||
                         m.type == net::LobbyType::Poll || m.type == net::LobbyType::Close ||
                         m.type == net::LobbyType::Created;
    if (hasCode && !net::validCode(m.code)) fuzz::broken("a code outside the alphabet", bytes);
    net::LobbyMessage retry;
    retry.type = net::LobbyType::Retry;
    if (net::isLobbyRequest(m.type) && size < net::encodeLobby(retry).size())
        fuzz::broken("a request smaller than a Retry", bytes);
    if (net::encodeLobby(m) != std::vector<std::uint8_t>(data, data + size))
        fuzz::broken("a message re-encodes to other bytes", bytes);
    return 0;
}
