// The games a command reads: its input files, each a path or `-` for standard input, plain,
// gzip or zstd, told by the content (io/input.hpp), parsed in order, on one thread or on the
// workers of an OrderedWork (`-j`, docs/GUIDE.md "Every core"). The front ends (cli/, python/) and the
// use cases of app/ read every PPN input through here.
#pragma once

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "io/input.hpp"
#include "notation/game.hpp"
#include "parallel/ordered_work.hpp"
#include "parallel/recycler.hpp"
#include "parser/parser.hpp"

namespace ppn::app {

using parallel::OrderedWork;

// The games (and game texts) the parser hands to jobs. With one job, the parser's own game (it
// is reused only after the parser's callback returns); else the game or text is swapped into
// one of a pool of those the jobs are done with, so that the parser goes on filling storage
// that is already allocated, and a game is not allocated on one thread and freed on another.
class GamePool {
 public:
  explicit GamePool(const OrderedWork& work) : owned_(work.jobs() > 1) {}
  // The parser's game, for a job.
  std::shared_ptr<const Game> hand_over(Game& g);
  // An empty game of the pool for a job to parse a text into (read_game_text).
  std::shared_ptr<Game> fresh();
  // The parser's game text, for a job (parser::parse_stream_texts).
  std::shared_ptr<const parser::GameText> hand_over(parser::GameText& t);

 private:
  bool owned_;
  parallel::Recycler<Game> games_;
  parallel::Recycler<parser::GameText> texts_;
};


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

// The games of one input, each made a job of `work` (parallel/ordered_work.hpp): job(game) for a
// game, error_job(error) for a syntax error, each run on a worker and returning what to do with
// its result, which `work` does on this thread in input order. With more than one thread the
// games are parsed on the workers too (parser::parse_stream_texts), so that the reading thread
// only cuts the input into games. The game lives while the job runs (GamePool): what the
// delivery needs of it, the job copies into it (or keeps the shared game). The jobs hold their
// own copies of job, error_job and source: the caller may go on to the next input before they
// are done (what job and error_job refer to must outlive them).
template <class Job, class ErrorJob>
parser::StreamStats submit_games(std::istream& in, const std::string& source, OrderedWork& work, GamePool& pool,
                                 Job job, ErrorJob error_job) {
  struct Jobs {
    Job job;
    ErrorJob error_job;
    std::string source;
  };
  const auto jobs = std::make_shared<const Jobs>(Jobs{std::move(job), std::move(error_job), source});
  parallel::CancelOnThrow guard(work);  // what the caller's job and error_job refer to
  auto on_game = [&](Game& g) {
    work.submit([jobs, g = pool.hand_over(g)]() -> OrderedWork::Deliver { return jobs->job(g); });
  };
  auto on_error = [&](const parser::ParseError& e) {
    work.submit([jobs, e]() -> OrderedWork::Deliver { return jobs->error_job(e); });
  };
  if (work.jobs() == 1) return parser::parse_stream(in, source, on_game, on_error);
  return parser::parse_stream_texts(in, source, on_game, on_error, [&](parser::GameText& t) {
    work.submit([jobs, &pool, t = pool.hand_over(t)]() -> OrderedWork::Deliver {
      auto g = pool.fresh();
      if (auto e = parser::read_game_text(*t, jobs->source, *g)) return jobs->error_job(*e);
      return jobs->job(std::shared_ptr<const Game>(std::move(g)));
    });
  });
}

// read_games on `work`'s threads (`-j`): job(game, source) runs on a worker and returns what to
// do with its result, `void(number)` (number: the game's place among all the files' games,
// 1-based), which is done on this thread in input order; the messages of files that cannot be
// opened and of syntax errors come in their place in that order too. The files flow through
// one pipeline: the next file is read while the workers finish the last one's games, so that
// a directory of one-game files keeps every worker busy. Returns as read_games.
template <class Job>
int read_games(const std::vector<std::string>& files, OrderedWork& work, Job&& job) {
  int rc = 0;
  std::int64_t number = 0;
  GamePool pool(work);
  parallel::CancelOnThrow guard(work);  // the jobs refer to rc, number, job and pool
  for (const auto& path : files) {
    std::string why;
    auto in = open_input(path, why);
    if (!in) {
      work.submit([message = open_failure(path, why)] {
        return OrderedWork::Deliver([message] { std::cerr << message; });
      });
      rc = 2;
      continue;
    }
    const std::string source = display_name(path);
    auto game_job = [&number, &job, source](std::shared_ptr<const Game> g) -> OrderedWork::Deliver {
      return [&number, counted = job(std::move(g), source)] { counted(++number); };
    };
    auto error_job = [&rc](const parser::ParseError& e) -> OrderedWork::Deliver {
      return [&rc, message = e.format()] {
        rc = 2;
        std::cerr << message;
      };
    };
    submit_games(*in, source, work, pool, game_job, error_job);
  }
  work.finish();
  return rc;
}

}  // namespace ppn::app
