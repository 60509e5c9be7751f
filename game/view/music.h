#pragma once
// The stages' music, sequenced and synthesised by the program: no sample or file is loaded. A song is a few bars
// of patterns (drums, bass, an arpeggio, a lead) over a chord progression; render() turns it into 16-bit mono
// samples that loop seamlessly (every note's tail wraps around to the loop's start, so the last sample runs into
// the first). No SFML and no I/O: the app hands the samples to an sf::SoundBuffer, tests measure them.
//
// Drawn-side only: nothing here touches the simulation or its hash.
#include <cstdint>
#include <string_view>
#include <vector>

namespace view {

/// The songs: one per stage (Dusk, Night) and the title's and menus' loop.
enum class Song : std::uint8_t { Dusk, Night, Title, kCount };

/// Sample rate of the rendered loops (mono).
constexpr int kMusicRate = 22050;

/// A song's shape: its tempo and length (the loop is exactly `bars` bars of 4 beats).
struct SongInfo {
    std::string_view name;  ///< "dusk", "night", "title"
    int bpm = 120;          ///< beats per minute
    int bars = 4;           ///< bars in the loop
};

/// Tempo and length of a song.
SongInfo songInfo(Song s);
/// Frames (samples) in one loop of the song: bars * 4 beats * kMusicRate * 60 / bpm, rounded to a whole sample per
/// sixteenth note so every step starts on a sample.
std::size_t loopSamples(Song s);
/// The whole loop as 16-bit mono samples at kMusicRate. Deterministic: the same song gives the same samples.
std::vector<std::int16_t> render(Song s);

}  // namespace view
