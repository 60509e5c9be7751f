// A small driver for tests/faults/faults.sh: the Controls screen's save (load controls.cfg, change a binding,
// saveBindings) and the game's load of controls.cfg, as a process, so that the script can run them on a full,
// read-only or missing folder and check what was kept. No window: the bindings code needs SFML's key names only.
//
//   fault_tool save-bindings CFG EDIT   load CFG over the defaults, apply the config line(s) EDIT, save to CFG
//   fault_tool load-bindings CFG        load CFG as the game does at start
// Exit 0 on success, 1 with the message on stderr when the save or the load fails, 2 on a bad command line.
#include "game/app/input/bindings.h"
#include "game/io/button_file.h"

#include <cstring>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
    io::Error table;  // the players' default keys come from the button table, as in the game
    if (!sim::loadButtons(BVH_DATA_DIR, table)) {
        std::cerr << table.text() << "\n";
        return 2;
    }
    if (argc >= 3 && std::strcmp(argv[1], "load-bindings") == 0) {
        app::Bindings b = app::defaultBindings();
        io::Error error;
        if (!app::loadBindings(argv[2], b, error)) {
            std::cerr << error.text() << "\n";
            return 1;
        }
        return 0;
    }
    if (argc >= 4 && std::strcmp(argv[1], "save-bindings") == 0) {
        app::Bindings b = app::defaultBindings();
        io::Error bad;
        if (!app::loadBindings(argv[2], b, bad) || !app::parseBindings(argv[3], "EDIT", b, bad)) {
            std::cerr << bad.text() << "\n";
            return 2;
        }
        std::string error;
        if (!app::saveBindings(argv[2], b, error)) {
            std::cerr << error << "\n";
            return 1;
        }
        return 0;
    }
    std::cerr << "usage: fault_tool save-bindings CFG EDIT | load-bindings CFG\n";
    return 2;
}
