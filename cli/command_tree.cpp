#include "cli/command_tree.hpp"

#include <CLI/CLI.hpp>

namespace ppn::cli {
namespace {

// CLI11 reports an option's type with its validators' descriptions appended: "TEXT:{text,json}"
// for a CLI::IsMember, "INT:INT in [0 - 100]" for a CLI::Range. The choices are the braced part.
void read_type(const std::string& full, OptionDoc& doc) {
  const auto colon = full.find(':');
  doc.value_type = full.substr(0, colon);
  for (auto at = colon; at != std::string::npos; at = full.find(':', at + 1)) {
    if (at + 1 >= full.size() || full[at + 1] != '{') continue;
    const auto close = full.find('}', at);
    if (close == std::string::npos) continue;
    const std::string set = full.substr(at + 2, close - at - 2);
    std::size_t start = 0;
    while (start <= set.size()) {
      const auto comma = std::min(set.find(',', start), set.size());
      if (comma > start) doc.choices.push_back(set.substr(start, comma - start));
      start = comma + 1;
    }
  }
}

OptionDoc describe_option(const CLI::Option& opt) {
  OptionDoc doc;
  for (const auto& s : opt.get_snames()) doc.names.push_back("-" + s);
  for (const auto& l : opt.get_lnames()) doc.names.push_back("--" + l);
  if (!opt.nonpositional()) doc.positional = opt.get_name(true);
  if (opt.get_type_size_max() > 0) read_type(opt.get_type_name(), doc);
  doc.default_value = opt.get_default_str();
  doc.description = opt.get_description();
  doc.required = opt.get_required();
  doc.repeatable = opt.get_items_expected_max() > 1 || opt.get_multi_option_policy() == CLI::MultiOptionPolicy::TakeAll;
  return doc;
}

}  // namespace

std::string CommandDoc::full_name() const {
  std::string s = "ppn";
  for (const auto& p : path) s += " " + p;
  return s;
}

std::vector<const CLI::App*> visible_subcommands(const CLI::App& app) {
  return app.get_subcommands([](const CLI::App* sub) { return !sub->get_group().empty(); });
}

CommandDoc describe_command(const CLI::App& app, std::vector<std::string> path) {
  CommandDoc doc;
  doc.path = std::move(path);
  doc.description = app.get_description();
  const auto visible = [](const CLI::Option* o) { return !o->get_group().empty(); };
  for (const bool positional : {false, true})
    for (const CLI::Option* opt : app.get_options(visible))
      if (opt->nonpositional() != positional) doc.options.push_back(describe_option(*opt));
  for (const CLI::App* sub : visible_subcommands(app)) {
    auto sub_path = doc.path;
    sub_path.push_back(sub->get_name());
    doc.subcommands.push_back(describe_command(*sub, std::move(sub_path)));
  }
  return doc;
}

}  // namespace ppn::cli
