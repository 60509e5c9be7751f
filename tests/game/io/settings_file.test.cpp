// settings.cfg and the player's folders: every key read and written, each bad line refused at its line, a save that
// reads back the same, and the XDG rules for where the files live (environment values passed in, so nothing here
// looks at the real HOME).
#include "game/io/settings_file.h"
#include "game/io/user_dirs.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sys/wait.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

io::Error parseFails(const std::string& text) {
    io::Settings s;
    io::Error e;
    CHECK_FALSE(io::parseSettings(text, "settings.cfg", s, e));
    CHECK(s == io::Settings{});  // nothing applied from a refused file
    return e;
}

}  // namespace

TEST_CASE("settings: every key is read, comments and blank lines skipped, missing keys keep the defaults") {
    io::Settings s;
    io::Error e;
    const std::string text =
        "# mine\n\np1.style = simple\n  volume = 40   # quieter\nwindow = 1600x900\nfullscreen = on\n"
        "framecap = 30\nmsaa = off\n";
    REQUIRE(io::parseSettings(text, "settings.cfg", s, e));
    CHECK(s.style[0] == sim::InputStyle::Simple);
    CHECK(s.style[1] == sim::InputStyle::Motion);  // not in the file: the default
    CHECK(s.volume == 40);
    CHECK(s.width == 1600);
    CHECK(s.height == 900);
    CHECK(s.fullscreen);
    CHECK(s.frameCap == 30);
    CHECK(s.msaa == io::Msaa::Off);
}

TEST_CASE("settings: multisampling is auto unless the file says on or off, and nothing else is accepted") {
    io::Settings s;
    CHECK(s.msaa == io::Msaa::Auto);
    CHECK(io::settingsText(s).find("msaa = auto\n") != std::string::npos);
    io::Error e;
    REQUIRE(io::parseSettings("msaa = on\n", "settings.cfg", s, e));
    CHECK(s.msaa == io::Msaa::On);
    REQUIRE(io::parseSettings("msaa = auto\n", "settings.cfg", s, e));
    CHECK(s.msaa == io::Msaa::Auto);
    CHECK(parseFails("msaa = 4\n").text() == "settings.cfg:1: msaa wants auto, on or off, not '4'");
}

TEST_CASE("settings: the written text reads back to the same settings") {
    io::Settings s;
    s.style[1] = sim::InputStyle::Simple;
    s.volume = 0;
    s.width = 960, s.height = 540;
    s.frameCap = 144;
    s.msaa = io::Msaa::Off;
    io::Settings back;
    io::Error e;
    REQUIRE(io::parseSettings(io::settingsText(s), "x", back, e));
    CHECK(back == s);
    CHECK(io::settingsText(io::Settings{}).find("framecap = off\n") != std::string::npos);
}

TEST_CASE("settings: a bad line is refused with its line number and what is wrong") {
    // Each message hand-checked against the rule it breaks.
    CHECK(parseFails("volume = 40\nvolume = 50\n").text() == "settings.cfg:2: repeated `volume` (first on line 1)");
    CHECK(parseFails("\n\nvolume = 101\n").text() == "settings.cfg:3: volume: number 101 out of range [0, 100]");
    CHECK(parseFails("p1.style = classic\n").text() ==
          "settings.cfg:1: p1.style wants motion or simple, not 'classic'");
    CHECK(parseFails("window = 1280*720\n").text() ==
          "settings.cfg:1: window wants WIDTHxHEIGHT (e.g. 1280x720), not '1280*720'");
    CHECK(parseFails("window = 100x720\n").text() == "settings.cfg:1: window: number 100 out of range [640, 7680]");
    CHECK(parseFails("fullscreen = yes\n").text() == "settings.cfg:1: fullscreen wants on or off, not 'yes'");
    CHECK(parseFails("framecap = 5\n").text() ==
          "settings.cfg:1: framecap wants off or 15-500: number 5 out of range [15, 500]");
    CHECK(parseFails("volume 40\n").text() == "settings.cfg:1: expected `KEY = VALUE`, got 'volume 40'");
    CHECK(parseFails("# ok\nspeed = 3\n").text().rfind("settings.cfg:2: unknown setting 'speed' (known: ", 0) == 0);
}

TEST_CASE("settings: save creates the folder, writes atomically, and a failed save says why") {
    const fs::path dir = fs::temp_directory_path() / ("settings_test_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    const std::string path = (dir / "deep" / "settings.cfg").string();
    io::Settings s;
    s.volume = 70;
    std::string error;
    REQUIRE(io::saveSettings(path, s, error));
    io::Settings back;
    io::Error e;
    REQUIRE(io::loadSettings(path, back, e));
    CHECK(back == s);
    // A folder where the file should be: refused with the system's reason, nothing destroyed.
    fs::create_directories(dir / "taken" / "settings.cfg");
    CHECK_FALSE(io::saveSettings((dir / "taken" / "settings.cfg").string(), s, error));
    CHECK(error.find("cannot write") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("settings: the Online menu's lobby and relay lines are read, written and read back") {
    io::Settings s;
    io::Error e;
    REQUIRE(
        io::parseSettings("lobby = lobby.example\nrelay = 203.0.113.1:3478\nrelay.user = ann\n"
                          "relay.password = s3cr:t!\n",
                          "settings.cfg", s, e));
    CHECK(s.lobby == "lobby.example");
    CHECK(s.relay == "203.0.113.1:3478");
    CHECK(s.relayUser == "ann");
    CHECK(s.relayPassword == "s3cr:t!");
    io::Settings back;
    REQUIRE(io::parseSettings(io::settingsText(s), "x", back, e));
    CHECK(back == s);
    // None set: no line written (an empty value would not read back), and the text reads back to none.
    const std::string plain = io::settingsText(io::Settings{});
    CHECK(plain.find("lobby") == std::string::npos);
    CHECK(plain.find("relay") == std::string::npos);
}

TEST_CASE("settings: a bad lobby or relay line is refused with its line number") {
    // Each message hand-checked against the rule it breaks.
    CHECK(parseFails("lobby = l.example:70000\n").text() ==
          "settings.cfg:1: lobby: bad port '70000' in 'l.example:70000' (expected 1..65535)");
    CHECK(parseFails("volume = 5\nrelay = t.example:0\nrelay.user = a\nrelay.password = b\n").text() ==
          "settings.cfg:2: relay: bad port '0' in 't.example:0' (expected 1..65535)");
    CHECK(parseFails("relay = t/example\n").text() ==
          "settings.cfg:1: relay: bad host 't/example' (a name or a dotted IPv4 address)");
    CHECK(parseFails("lobby = :7100\n").text() ==
          "settings.cfg:1: lobby: bad host '' (a name or a dotted IPv4 address)");
    CHECK(parseFails("relay.user = ann\x01\n").text() ==
          "settings.cfg:1: relay.user: only printable ASCII without spaces or '#'");
    CHECK(parseFails("relay.password = " + std::string(257, 'p') + "\n").text() ==
          "settings.cfg:1: relay.password: wants 1 to 256 characters");
    // The three belong together: the message names the first relay line.
    CHECK(parseFails("volume = 5\n\nrelay = t.example\nrelay.user = ann\n").text() ==
          "settings.cfg:3: relay needs relay.user and relay.password (the TURN server's long-term credentials)");
    CHECK(parseFails("relay.password = pw\nvolume = 5\n").text() ==
          "settings.cfg:1: relay.user and relay.password need relay = HOST[:PORT]");
    CHECK(parseFails("relay = t.example\nrelay = u.example\n").text() ==
          "settings.cfg:2: repeated `relay` (first on line 1)");
}

TEST_CASE("settings: a file holding the relay's password is readable by its owner only") {
    const fs::path dir = fs::temp_directory_path() / ("settings_pw_test_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    const std::string path = (dir / "settings.cfg").string();
    io::Settings s;
    std::string error;
    REQUIRE(io::saveSettings(path, s, error));
    fs::permissions(path,
                    fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read);
    s.relay = "t.example", s.relayUser = "ann", s.relayPassword = "pw";
    REQUIRE(io::saveSettings(path, s, error));
    CHECK((fs::status(path).permissions() & (fs::perms::group_all | fs::perms::others_all)) == fs::perms::none);
    io::Settings back;
    io::Error e;
    REQUIRE(io::loadSettings(path, back, e));
    CHECK(back == s);
    fs::remove_all(dir);
}

TEST_CASE("user folders follow XDG: the variables when absolute, else HOME/.config and HOME/.local/share") {
    io::UserDirs d = io::userDirsFor("/x/conf", "/x/data/", "/home/u");
    CHECK(d.config == "/x/conf/bvh-fighter");
    CHECK(d.replays == "/x/data/bvh-fighter/replays");
    CHECK(d.settingsFile() == "/x/conf/bvh-fighter/settings.cfg");
    CHECK(d.controlsFile() == "/x/conf/bvh-fighter/controls.cfg");
    CHECK(d.problem.empty());
    // Unset, empty or relative variables are ignored (the XDG specification's rule).
    d = io::userDirsFor(nullptr, "", "/home/u");
    CHECK(d.config == "/home/u/.config/bvh-fighter");
    CHECK(d.replays == "/home/u/.local/share/bvh-fighter/replays");
    d = io::userDirsFor("conf", "data", "/home/u/");
    CHECK(d.config == "/home/u/.config/bvh-fighter");
    // Nothing usable: empty folders and a reason, never the working directory or the checkout.
    d = io::userDirsFor(nullptr, nullptr, nullptr);
    CHECK(d.config.empty());
    CHECK(d.replays.empty());
    CHECK(d.settingsFile().empty());
    CHECK_FALSE(d.problem.empty());
}

TEST_CASE("paths on screen show HOME as ~") {
    CHECK(io::homeShortened("/home/u/.config/bvh-fighter/controls.cfg", "/home/u") ==
          "~/.config/bvh-fighter/controls.cfg");
    CHECK(io::homeShortened("/home/user2/x", "/home/u") == "/home/user2/x");
    CHECK(io::homeShortened("/tmp/x", nullptr) == "/tmp/x");
}

TEST_CASE("settings: a malformed relay password line is named by its line but its value is never shown") {
    const std::string secret = "Hunter2Fishbone";  // no four letters in common with the messages' own words
    const std::string bad[] = {
        "relay.password = " + secret + " extra\n",  // a space in the value
        "relay.password=" + secret + "\n",          // glued to its key
        "relay.password " + secret + "\n",          // no '='
        "relay.password=" + secret + " = x\n",      // a glued key that looks like an unknown one
        "relay.pasword = " + secret + " x\n",       // misspelt and malformed
    };
    for (const std::string& line : bad) {
        const io::Error e = parseFails("volume = 50\n" + line);
        INFO(e.text());
        CHECK(e.line == 2);
        for (std::size_t i = 0; i + 4 <= secret.size(); ++i)
            CHECK(e.text().find(secret.substr(i, 4)) == std::string::npos);
    }
}

TEST_CASE("settings: a relay credential that a glued '#' would cut is refused, its value not shown") {
    // `#` starts a comment, so `se#cret` would silently become the password `se`; a `#` after a space is a comment.
    const std::string relay = "relay = t.example.org\nrelay.user = ann\n";
    const io::Error e = parseFails(relay + "relay.password = Hunter2#Fishbone\n");
    CHECK(e.text() == "settings.cfg:3: relay.password cannot hold '#': it starts a comment");
    CHECK(parseFails(relay + "relay.password = pw#\n").text() ==
          "settings.cfg:3: relay.password cannot hold '#': it starts a comment");
    CHECK(parseFails("relay = t.example.org\nrelay.user = a#b\nrelay.password = pw\n").text() ==
          "settings.cfg:2: relay.user cannot hold '#': it starts a comment");
    io::Settings s;
    io::Error ok;
    REQUIRE(io::parseSettings(relay + "relay.password = Hunter2 # the comment\n", "settings.cfg", s, ok));
    CHECK(s.relayPassword == "Hunter2");
    REQUIRE(io::parseSettings("volume = 50# loud\n", "settings.cfg", s, ok));  // other keys keep the comment rule
    CHECK(s.volume == 50);
}

TEST_CASE("settings: two processes that each change one key and save both keep both changes") {
    const fs::path dir = fs::temp_directory_path() / ("settings_two_test_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    const std::string path = (dir / "settings.cfg").string();
    std::string error;
    REQUIRE(io::saveSettings(path, io::Settings{}, error));
    io::Settings read;  // both "windows" read the same file first
    io::Error e;
    REQUIRE(io::loadSettings(path, read, e));
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {  // the other window: turns the volume down and saves
        io::Settings mine = read, saved;
        mine.volume = 30;
        std::string childError;
        ::_exit(io::saveSettingsMerging(path, read, mine, saved, childError) ? 0 : 1);
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
    io::Settings mine = read, saved;  // this window: changes the window size, saves after the other one
    mine.width = 1600;
    mine.height = 900;
    REQUIRE(io::saveSettingsMerging(path, read, mine, saved, error));
    io::Settings onDisk;
    REQUIRE(io::loadSettings(path, onDisk, e));
    CHECK(onDisk.volume == 30);  // the other process's change survives
    CHECK(onDisk.width == 1600);
    CHECK(onDisk.height == 900);
    CHECK(saved == onDisk);
    fs::remove_all(dir);
}

TEST_CASE("settings: a key both processes changed keeps the later save's value, the relay keys move together") {
    io::Settings base, mine, disk;
    mine.volume = 10;
    disk.volume = 90;
    disk.relay = "turn.example:3478", disk.relayUser = "u", disk.relayPassword = "p";
    mine.lobby = "lobby.example";
    const io::Settings m = io::mergeSettings(base, mine, disk);
    CHECK(m.volume == 10);
    CHECK(m.lobby == "lobby.example");
    CHECK(m.relay == "turn.example:3478");
    CHECK(m.relayUser == "u");
    CHECK(m.relayPassword == "p");
}

TEST_CASE("settings: the matchmaking service defaults to this machine's, and another one is read, written and merged") {
    io::Settings s;
    io::Error e;
    CHECK(s.service == "localhost:7200");                             // bvh_matchd's default port (docs/formats.md)
    CHECK(io::settingsText(s).find("service") == std::string::npos);  // the default is not written
    REQUIRE(io::parseSettings("service = play.example:7300\n", "settings.cfg", s, e));
    CHECK(s.service == "play.example:7300");
    io::Settings back;
    REQUIRE(io::parseSettings(io::settingsText(s), "x", back, e));
    CHECK(back == s);
    CHECK(parseFails("service = play.example:0\n").text() ==
          "settings.cfg:1: service: bad port '0' in 'play.example:0' (expected 1..65535)");
    // Another window changed the service while this one changed only the volume: both changes stay.
    io::Settings base, mine, disk;
    mine.volume = 40;
    disk.service = "other.example";
    const io::Settings merged = io::mergeSettings(base, mine, disk);
    CHECK(merged.service == "other.example");
    CHECK(merged.volume == 40);
}

TEST_CASE(
    "settings: a line that does not read is skipped, and a save keeps every other line and that one as a comment") {
    const fs::path dir = fs::temp_directory_path() / ("settings_keep_test_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string path = (dir / "settings.cfg").string();
    {
        std::ofstream f(path);
        f << "# my settings\nvolume = 40   # quiet at night\nwindow = 1600x900\n\nlobby = lobby.example\n"
             "relay = turn.example\nrelay.user = ann\nrelay.password = s3cret\nfulscreen = on\n";
    }
    io::Settings read;
    io::Error e;
    CHECK_FALSE(io::loadSettings(path, read, e));  // said at the bad line; every other line applies
    CHECK(e.text() == path +
                          ":9: unknown setting 'fulscreen' (known: p1.style, p2.style, volume, window, fullscreen, "
                          "framecap, msaa, service, lobby, relay, relay.user, relay.password)");
    CHECK(read.volume == 40);
    CHECK(read.width == 1600);
    CHECK(read.lobby == "lobby.example");
    CHECK(read.relayPassword == "s3cret");
    io::Settings mine = read, saved;  // the Options screen changes one thing and saves
    mine.style[0] = sim::InputStyle::Simple;
    std::string error;
    REQUIRE(io::saveSettingsMerging(path, read, mine, saved, error));
    std::ifstream in(path);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text ==
          "# my settings\nvolume = 40   # quiet at night\nwindow = 1600x900\n\nlobby = lobby.example\n"
          "relay = turn.example\nrelay.user = ann\nrelay.password = s3cret\n# (not read by the game) fulscreen = on\n"
          "# Added by the game:\np1.style = simple\n");  // the change; the keys left at their defaults stay absent
    CHECK((fs::status(path).permissions() & (fs::perms::group_all | fs::perms::others_all)) == fs::perms::none);
    io::Settings back;
    REQUIRE(io::loadSettings(path, back, e));  // the file now reads whole
    CHECK(back == mine);
    CHECK(saved == mine);
    fs::remove_all(dir);
}

TEST_CASE(
    "settings: KEY=VALUE reads without spaces, a cleared key's line goes, and relay keys that do not belong "
    "together are kept as comments") {
    io::Settings s;
    io::Error e;
    REQUIRE(
        io::parseSettings("volume=60\nwindow =1600x900\nframecap= 30\nrelay.password = a=b\nrelay=t.example\n"
                          "relay.user=ann\n",
                          "settings.cfg", s, e));
    CHECK(s.volume == 60);
    CHECK(s.width == 1600);
    CHECK(s.frameCap == 30);
    CHECK(s.relayPassword == "a=b");
    CHECK(parseFails("volume = 6 0\n").text() == "settings.cfg:1: expected `KEY = VALUE`, got 'volume = 6 0'");
    bool secret = false;
    io::Settings cleared = s;  // the Online menu's Lobby line emptied: its line goes
    cleared.lobby.clear();
    CHECK(io::settingsTextKeeping("lobby = l.example # home\nvolume = 60\n", cleared, secret)
              .rfind("volume = 60\n# Added by the game:\n", 0) == 0);
    io::Settings none;
    secret = false;  // a relay without its password: both lines stay, as comments, and the file is the owner's only
    const std::string kept = io::settingsTextKeeping("relay = t.example\nrelay.user = ann\n", none, secret);
    CHECK(kept.rfind("# (not read by the game) relay = t.example\n# (not read by the game) relay.user = ann\n", 0) ==
          0);
    CHECK_FALSE(secret);
    secret = false;
    io::settingsTextKeeping("relay.password = x\n", none, secret);
    CHECK(secret);
}

TEST_CASE("settings: every line skipped is named, each with its own line, not only the first") {
    // The window said the first bad line only; the next ones were skipped silently (and a later save wrote them
    // back as comments the player had never been told about).
    io::Settings read;
    io::Error first;
    std::vector<io::Error> skipped;
    CHECK_FALSE(io::parseSettingsSkipping("volume = 101\nmsaa = OFF\nwindow = 1600x900\nfoo = 1\n", "s.cfg", read,
                                          first, &skipped));
    REQUIRE(skipped.size() == 3);
    CHECK(skipped[0].text() == "s.cfg:1: volume: number 101 out of range [0, 100]");
    CHECK(skipped[1].text() == "s.cfg:2: msaa wants auto, on or off, not 'OFF'");
    CHECK(skipped[2].line == 4);
    CHECK(first.text() == skipped[0].text());
    CHECK(read.width == 1600);  // the good line between them applies
    // A relay without its user and password is named at the relay's line, among the others in line order.
    CHECK_FALSE(
        io::parseSettingsSkipping("volume = x\nrelay = turn.example\nmsaa = OFF\n", "s.cfg", read, first, &skipped));
    REQUIRE(skipped.size() == 3);
    CHECK(skipped[0].line == 1);
    CHECK(skipped[1].line == 2);
    CHECK(skipped[2].line == 3);
}

TEST_CASE("settings: a host is a name or a dotted IPv4 address, as the message says") {
    // 999.1.1.1 and -host were taken (any letters, digits, dots and dashes were); the examples are hand-picked.
    std::string why;
    for (const char* good : {"localhost", "lobby.example.org", "127.0.0.1", "10.0.0.255:7000", "my_lobby-2.lan",
                             "a.b-c.d", "255.255.255.255"}) {
        CAPTURE(good);
        CHECK(io::checkHostPort(good, why));
    }
    for (const char* bad : {"999.1.1.1", "-host", "host-", "a..b", ".lobby", "lobby.", "1.2.3", "1.2.3.4.5",
                            "256.0.0.1", "1.2.3.0400", "lob by", "[::1]", ""}) {
        CAPTURE(bad);
        CHECK_FALSE(io::checkHostPort(bad, why));
    }
    CHECK_FALSE(io::checkHostPort("999.1.1.1:7000", why));
    CHECK(why == "bad host '999.1.1.1' (a name or a dotted IPv4 address)");
}

TEST_CASE("settings: a save keeps each line it does not change byte for byte, a byte order mark and CRLF line ends") {
    // Worked by hand from docs/formats.md ("a save keeps the file as the player wrote it"): only the fullscreen line
    // changes, in place; the untouched volume line keeps its tabs, spaces and comment; every line its CRLF.
    const fs::path dir = fs::temp_directory_path() / ("settings_bytes_test_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string path = (dir / "settings.cfg").string();
    const std::string before =
        "\xEF\xBB\xBF# mine\r\nvolume\t=\t60   # loud\r\nwindow=1600x900\r\n \r\np1.style = motion\r\n"
        "p2.style = motion\r\nfullscreen = off\r\nframecap = off\r\nmsaa = auto\r\n";
    {
        std::ofstream f(path, std::ios::binary);
        f << before;
    }
    io::Settings read;
    io::Error e;
    REQUIRE(io::loadSettings(path, read, e));
    CHECK(read.volume == 60);
    io::Settings mine = read, saved;
    mine.fullscreen = true;
    std::string error;
    REQUIRE(io::saveSettingsMerging(path, read, mine, saved, error));
    std::ifstream in(path, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text ==
          "\xEF\xBB\xBF# mine\r\nvolume\t=\t60   # loud\r\nwindow=1600x900\r\n \r\np1.style = motion\r\n"
          "p2.style = motion\r\nfullscreen = on\r\nframecap = off\r\nmsaa = auto\r\n");
    fs::remove_all(dir);

    // A changed value's line keeps its comment and its CRLF, a line the game does not read becomes a comment with
    // its CRLF, a last line without an end gets the file's before the added key (the one the player set in the
    // menu, fullscreen), which takes CRLF too; a last line stays without an end when nothing is added.
    io::Settings s;
    s.volume = 40;
    bool secret = false;
    CHECK(io::settingsTextKeeping("fulscreen = on\r\nvolume\t=\t60   # loud\r\nmsaa = auto", s, secret) ==
          "# (not read by the game) fulscreen = on\r\nvolume = 40   # loud\r\nmsaa = auto");
    s.fullscreen = true;
    CHECK(io::settingsTextKeeping("fulscreen = on\r\nvolume\t=\t60   # loud\r\nmsaa = auto", s, secret) ==
          "# (not read by the game) fulscreen = on\r\nvolume = 40   # loud\r\nmsaa = auto\r\n"
          "# Added by the game:\r\nfullscreen = on\r\n");
}

TEST_CASE("settings: in a file of mixed line ends a line the game writes takes the end most lines have") {
    // Worked by hand from docs/formats.md: the lines the save leaves keep their own ends; the added header and key
    // take the end of most of the file's ended lines (a last line with no end is not counted), the first line's on
    // a tie. The first line alone once decided, so one LF header over a CRLF file made every added line LF.
    io::Settings s;
    s.volume = 60;
    s.fullscreen = true;
    bool secret = false;
    CHECK(io::settingsTextKeeping("# mine\nvolume = 60\r\nmsaa = auto\r\n", s, secret) ==
          "# mine\nvolume = 60\r\nmsaa = auto\r\n# Added by the game:\r\nfullscreen = on\r\n");
    CHECK(io::settingsTextKeeping("# mine\r\nvolume = 60\nmsaa = auto\n", s, secret) ==
          "# mine\r\nvolume = 60\nmsaa = auto\n# Added by the game:\nfullscreen = on\n");
    CHECK(io::settingsTextKeeping("\xEF\xBB\xBF# mine\r\nvolume = 60\nmsaa = auto", s, secret) ==
          "\xEF\xBB\xBF# mine\r\nvolume = 60\nmsaa = auto\r\n# Added by the game:\r\nfullscreen = on\r\n");
    CHECK(io::settingsTextKeeping("volume = 60\nmsaa = auto\r\n", s, secret) ==
          "volume = 60\nmsaa = auto\r\n# Added by the game:\nfullscreen = on\n");
}

TEST_CASE("settings: a save appends only the keys the player changed, and a missing file is written whole") {
    // Worked by hand from docs/formats.md: a key the file lacks reads as its default, so a save adds a key only when
    // its value is no longer the default (the player changed it); the player's two lines stay, volume changed in place.
    const fs::path dir = fs::temp_directory_path() / ("settings_sparse_test_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string path = (dir / "settings.cfg").string();
    const auto saveOver = [&](const std::string& before, const auto& change) {
        std::ofstream(path, std::ios::binary) << before;
        io::Settings read, mine, saved;
        io::Error e;
        REQUIRE(io::loadSettings(path, read, e));
        mine = read;
        change(mine);
        std::string error;
        REQUIRE(io::saveSettingsMerging(path, read, mine, saved, error));
        io::Settings back;
        REQUIRE(io::loadSettings(path, back, e));
        CHECK(back == mine);
        std::ifstream in(path, std::ios::binary);
        return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    };
    CHECK(saveOver("volume = 80\nwindow = 1600x900\n", [](io::Settings& s) { s.volume = 60; }) ==
          "volume = 60\nwindow = 1600x900\n");
    CHECK(saveOver("volume = 80\n", [](io::Settings& s) { s.fullscreen = true; }) ==
          "volume = 80\n# Added by the game:\nfullscreen = on\n");
    // An empty file is the player's too: it gets the one change, not every key.
    CHECK(saveOver("", [](io::Settings& s) { s.msaa = io::Msaa::Off; }) == "# Added by the game:\nmsaa = off\n");
    // No file: a fresh one with every key, for a newcomer to edit.
    fs::remove(path);
    io::Settings fresh;
    fresh.volume = 50;
    std::string error;
    io::Settings saved;
    REQUIRE(io::saveSettingsMerging(path, io::Settings{}, fresh, saved, error));
    std::ifstream in(path, std::ios::binary);
    CHECK(std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()) ==
          io::settingsText(fresh));
    fs::remove_all(dir);
}

TEST_CASE("settings: a save does not write over a file it cannot read") {
    // The game started with the defaults and said why; a save over the file would lose it without a word. A sparse
    // file over the 64 MiB input limit is one the reader refuses without reading a byte.
    const fs::path dir = fs::temp_directory_path() / ("settings_unread_test_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string path = (dir / "settings.cfg").string();
    std::ofstream(path) << "volume = 40\n";
    fs::resize_file(path, (std::uintmax_t(64) << 20) + 1);
    io::Settings mine, saved;
    mine.volume = 60;
    std::string error;
    CHECK_FALSE(io::saveSettingsMerging(path, io::Settings{}, mine, saved, error));
    CHECK(error == path + ": larger than 67108864 bytes (the limit for any input file); not saved over it");
    CHECK(fs::file_size(path) == (std::uintmax_t(64) << 20) + 1);
    fs::remove_all(dir);
}
