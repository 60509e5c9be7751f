# Process-level game tests: every data/replays/ file through the headless runner, and the windowed smoke test.
