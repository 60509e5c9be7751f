// Fuzz target: controls.cfg (app::parseBindings; SFML key codes, no window). A refusal is one well-formed
// `FILE:LINE: what`; bindings that parse bind only keys with a name (what the controls screen can show), and the
// file as the Controls screen would save it over itself (app::bindingsTextKeeping) reads back to the same bindings.
#include "game/app/input/bindings.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string file = "fuzz.cfg";
    const std::string text = fuzz::asText(data, size);
    app::Bindings bindings = app::defaultBindings();
    io::Error error;
    if (!app::parseBindings(text, file, bindings, error)) {
        fuzz::checkMessage(error.text(), file, fuzz::lineCount(text));
        return 0;
    }
    for (int a = 0; a < app::kActionCount; ++a) {
        for (const app::KeyChord& c : bindings.keys[a]) {
            if (app::keyName(c.key) == "?") fuzz::broken("an action is bound to a key without a name", text);
        }
    }
    const std::string saved = app::bindingsTextKeeping(text, bindings);
    app::Bindings back = app::defaultBindings();
    if (!app::parseBindings(saved, file, back, error))
        fuzz::broken("a saved file does not read back: " + error.text(), saved);
    for (int a = 0; a < app::kActionCount; ++a) {
        if (!bindings.keys[a].empty() &&
            app::bindingText(back, app::Action(a)) != app::bindingText(bindings, app::Action(a)))
            fuzz::broken("a saved file reads back to other bindings", saved);
    }
    if (back.deadZone != bindings.deadZone) fuzz::broken("a saved file reads back to another dead zone", saved);
    return 0;
}
