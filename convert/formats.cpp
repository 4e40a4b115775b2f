// The registry of readers and the detection of an input's format (formats.hpp).
#include "convert/formats.hpp"

#include <nlohmann/json.hpp>
#include <regex>

#include "convert/json_game.hpp"
#include "convert/nu_export.hpp"
#include "convert/nu_test.hpp"
#include "convert/nu_transcript.hpp"
#include "convert/racket_jsonl.hpp"

namespace ppn::convert {

const std::vector<const Reader*>& readers() {
  // One line per format, in detection order: ppn's JSON names itself anywhere in its first
  // bytes; a transcript holds <board> and <moves> too, so it is told before a course test.
  static const std::vector<const Reader*> all = {
      &json_form::reader,
      &nu::transcript_reader,
      &nu::course_test_reader,
      &racket::corpus_reader,
  };
  return all;
}

const Reader* find_reader(std::string_view name) {
  for (const Reader* r : readers())
    if (r->name == name) return r;
  return nullptr;
}

std::vector<std::string> reader_names() {
  std::vector<std::string> names;
  for (const Reader* r : readers()) names.emplace_back(r->name);
  return names;
}

const std::vector<const Writer*>& writers() {
  static const std::vector<const Writer*> all = {
      &nu::xml_writer,
      &json_form::writer,
  };
  return all;
}

const Writer* find_writer(std::string_view name) {
  for (const Writer* w : writers())
    if (w->name == name) return w;
  return nullptr;
}

std::vector<std::string> writer_names() {
  std::vector<std::string> names;
  for (const Writer* w : writers()) names.emplace_back(w->name);
  return names;
}

namespace {

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string_view first_line(std::string_view head) {
  const auto b = head.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  head.remove_prefix(b);
  return head.substr(0, head.find('\n'));
}

// Formats ppn knows but does not convert, named so that the user is told what the file is.
std::string refusal(const std::string& path, std::string_view head, std::string_view line) {
  if (line.front() == '{') {
    const auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_object() && j.contains("turns") && j.contains("players"))
      return "a clembench episode (the interactions.json of an LLM benchmark run), a format ppn does not convert";
    if (j.is_object() && (j.contains("turn scores") || (j.contains("game_id") && j.contains("rolls"))))
      return "a clembench episode's scores or instance file, a format ppn does not convert";
  }
  if (line.rfind("game=", 0) == 0 && head.find("\nMove=") != std::string_view::npos)
    return "a Ludii trial (" + std::string(line) + "), a format ppn does not convert";
  if (line.rfind("game: ", 0) == 0 && head.find("GameType.") != std::string_view::npos)
    return "an OpenSpiel playthrough (" + std::string(line) + "), a format ppn does not convert";
  if (line.rfind("(;", 0) == 0 && head.find("GM[6]") != std::string_view::npos)
    return "an SGF backgammon record (GNU Backgammon), a format ppn does not convert";
  if (head.find(" point match\n") != std::string_view::npos && head.find(" Game 1") != std::string_view::npos)
    return "a Jellyfish backgammon match file, a format ppn does not convert";
  static const std::regex ppn_start(R"(^(\[[A-Za-z_][A-Za-z0-9_]* +"|[0-9]+\. +[A-Za-z]))");
  if (ends_with(path, ".ppn") || ends_with(path, ".ppn.gz") || ends_with(path, ".ppn.zst") ||
      std::regex_search(std::string(line), ppn_start))
    return "this is PPN already: `ppn fmt " + path + "` prints it in canonical form, `ppn validate " + path +
           "` checks it";
  if (line.front() == '{' || line.front() == '[')
    return "JSON, but neither ppn's game JSON (\"format\": \"ppn-game\", convert/JSON.md) nor reference-engine "
           "JSONL (a first record with \"board\", \"color\" and \"dice\", or a \"game\" header); give --from "
           "if it is one of them";
  std::string names;
  for (const Reader* r : readers()) names += (names.empty() ? "" : "|") + std::string(r->name);
  return "cannot tell the input format; give --from " + names;
}

}  // namespace

Detected detect_format(const std::string& path, std::string_view head) {
  const std::string_view line = first_line(head);
  if (line.empty()) return {nullptr, "the file is empty (or blank): nothing to convert"};
  for (const Reader* r : readers())
    if (r->detect(head, line)) return {r, ""};
  return {nullptr, refusal(path, head, line)};
}

ReadOutcome read_whole(std::istream& in, const std::string& source,
                       const std::function<ReadOutcome(const std::string& text)>& read) {
  std::string text;
  if (auto err = nu::read_whole_stream(in, text)) {
    ReadOutcome out;
    Diagnostic e = failure(Code::io, *err);
    e.file = source;
    out.problems.push_back(std::move(e));
    out.unread = true;
    return out;
  }
  return read(text);
}

}  // namespace ppn::convert
