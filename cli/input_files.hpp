// Opening the input files of a subcommand: a path, or `-` for standard input; plain, gzip or
// zstd, told by the content (io/input.hpp).
#pragma once

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/ordered_work.hpp"
#include "io/input.hpp"
#include "notation/game.hpp"
#include "parser/parser.hpp"

namespace ppn::cli {

// The stream to read `path` from, or nullptr when it cannot be opened, with the system's
// reason in `why` ("No such file or directory"); the caller reports it as an I/O error, exit
// code 2. A read error later (truncated compressed data) is reported by the reader
// (io::read_error).
inline std::unique_ptr<io::Input> open_input(const std::string& path, std::string& why) {
  auto in = std::make_unique<io::Input>(path);
  if (!*in) {
    why = in->error();
    return nullptr;
  }
  return in;
}

inline std::string display_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

// The one message of every command for an input that cannot be opened:
// "FILE: error: cannot open the file: No such file or directory\n".
inline std::string open_failure(const std::string& path, const std::string& why) {
  return display_name(path) + ": error: cannot open the file: " + why + "\n";
}

// Every game of `files` in order, handed to on_game(game, source) (source: the file's display
// name). A file that cannot be opened and each syntax error are printed (located) and the
// reading goes on; returns 2 when there was any, else 0.
template <class OnGame>
int read_games(const std::vector<std::string>& files, OnGame&& on_game) {
  int rc = 0;
  for (const auto& path : files) {
    std::string why;
    auto in = open_input(path, why);
    if (!in) {
      std::cerr << open_failure(path, why);
      rc = 2;
      continue;
    }
    const std::string source = display_name(path);
    parser::parse_stream(
        *in, source, [&](Game& g) { on_game(g, source); },
        [&](const parser::ParseError& e) {
          std::cerr << e.format();
          rc = 2;
        });
  }
  return rc;
}

// read_games on `work`'s threads (`-j`): job(game, source, number) runs on a worker (number:
// the game's place among all the files' games, 1-based) and returns what
// to do with its result, which `work` does on this thread in input order; the messages of
// files that cannot be opened and of syntax errors come in their place in that order too. The
// game lives while the job runs (GameHandOver): what the delivery needs of it, the job copies
// into it. Returns as read_games.
template <class Job>
int read_games(const std::vector<std::string>& files, OrderedWork& work, Job&& job) {
  int rc = 0;
  std::int64_t number = 0;
  GameHandOver hand_over(work);
  auto say = [&work](std::string message) {
    work.submit([message = std::move(message)]() -> OrderedWork::Deliver {
      return [message] { std::cerr << message; };
    });
  };
  for (const auto& path : files) {
    std::string why;
    auto in = open_input(path, why);
    if (!in) {
      say(open_failure(path, why));
      rc = 2;
      continue;
    }
    auto source = std::make_shared<const std::string>(display_name(path));
    parser::parse_stream(
        *in, *source,
        [&](Game& g) {
          work.submit([&job, g = hand_over(g), source, n = ++number]() -> OrderedWork::Deliver {
            return job(*g, *source, n);
          });
        },
        [&](const parser::ParseError& e) {
          say(e.format());
          rc = 2;
        });
  }
  work.finish();
  return rc;
}

}  // namespace ppn::cli
