// The reader stage of an import (`ppn import`, `ppn bench import`): the PPN text of one file cut
// into games (parser::parse_stream_texts) on the calling thread and handed to app::import_games,
// whose workers parse them (parser::read_game_text); each syntax error is reported through
// on_error in its game's place, on the calling thread. db parses nothing.
#pragma once

#include <functional>
#include <istream>
#include <memory>
#include <string>
#include <utility>

#include "app/import_run.hpp"
#include "parallel/recycler.hpp"
#include "parser/parser.hpp"

namespace ppn::app {

// The report of a syntax error, run in its place: on_error(e).
inline ImportFeed::Report parse_error_report(const parser::ErrorHandler& on_error, const parser::ParseError& e) {
  if (!on_error) return [] {};
  return [&on_error, e] { on_error(e); };
}

// `in` must outlive the import; on_error may be empty. The jobs the feed runs refer to this
// reader's name and on_error: it lives until import_games returns.
inline GameReader parsed_games(std::istream& in, const std::string& name, parser::ErrorHandler on_error) {
  return [&in, name, on_error = std::move(on_error)](ImportFeed& feed) {
    parallel::Recycler<parser::GameText> texts;  // the texts' storage, reused
    parser::parse_stream_texts(
        in, name, [&](Game& g) { feed.game(g); }, [&](const parser::ParseError& e) { feed.unread(parse_error_report(on_error, e)); },
        [&](parser::GameText& t) {
          auto text = texts.take();
          std::swap(*text, t);
          feed.read_later([&name, &on_error, text = std::shared_ptr<const parser::GameText>(std::move(text))](Game& g) {
            auto e = parser::read_game_text(*text, name, g);
            return e ? parse_error_report(on_error, *e) : ImportFeed::Report();
          });
        });
  };
}

}  // namespace ppn::app
