// `ppn serve`'s HTTP server (see server.hpp).
#include "serve/server.hpp"

#include <httplib.h>
#include <openssl/evp.h>

#include <arpa/inet.h>

#include <atomic>
#include <cctype>
#include <chrono>
#include <optional>
#include <mutex>
#include <random>
#include <regex>

#include "analysis/selfplay.hpp"
#include "app/stored_stats.hpp"
#include "db/importer.hpp"
#include "db/schema.hpp"
#include "parser/parser.hpp"
#include "render/html_viewer.hpp"
#include "rules/options.hpp"
#include "serve/browse.hpp"
#include "serve/connections.hpp"
#include "serve/pages.hpp"
#include "serve/record.hpp"

namespace ppn::serve {

namespace {

using nlohmann::json;

constexpr std::size_t kMaxBody = 1 << 20;  // 1 MiB: a record of a long game is a few kilobytes
constexpr int kReadSeconds = 5, kWriteSeconds = 10;

// When the request this thread serves was routed (Server-Timing); unset between requests, and
// for an answer given before routing (a request line too long, ...).
thread_local std::optional<std::chrono::steady_clock::time_point> request_start;

std::string random_token() {
  std::random_device rd;
  std::string t;
  static constexpr char hex[] = "0123456789abcdef";
  for (int i = 0; i < 32; ++i) t += hex[rd() % 16];
  return t;
}

// Compares in time independent of where the strings differ.
bool same_secret(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char d = 0;
  for (std::size_t i = 0; i < a.size(); ++i) d |= static_cast<unsigned char>(a[i] ^ b[i]);
  return d == 0;
}

void send(httplib::Response& res, const Reply& r) {
  res.status = r.status;
  res.set_content(r.body, r.type.c_str());
}

Params params_of(const httplib::Request& req) {
  Params p;
  for (const auto& [k, v] : req.params) p.emplace(k, v);
  return p;
}

// The JSON body of a POST: an object, else a 400.
std::optional<json> json_body(const httplib::Request& req, httplib::Response& res) {
  json body = json::parse(req.body, nullptr, false);
  if (body.is_discarded() || !body.is_object()) {
    send(res, error_reply(400, "E-ARGUMENT", "the body is not a JSON object"));
    return std::nullopt;
  }
  return body;
}

// A route's game id; 0 (no game has it) for digits past any id.
std::int64_t id_of(const std::string& digits) {
  const auto first = digits.find_first_not_of('0');
  if (first == std::string::npos) return 0;
  if (digits.size() - first > 15) return 0;
  return std::stoll(digits.substr(first));
}

// A script's hash as a Content-Security-Policy source: 'sha256-BASE64'.
std::string csp_hash(std::string_view script) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  EVP_Digest(script.data(), script.size(), digest, &n, EVP_sha256(), nullptr);
  unsigned char b64[4 * ((EVP_MAX_MD_SIZE + 2) / 3) + 1];
  const int len = EVP_EncodeBlock(b64, digest, static_cast<int>(n));
  return "'sha256-" + std::string(reinterpret_cast<const char*>(b64), static_cast<std::size_t>(len)) + "'";
}

}  // namespace

bool is_loopback(const std::string& address) {
  if (address == "localhost" || address == "::1") return true;
  in_addr a{};
  return inet_pton(AF_INET, address.c_str(), &a) == 1 && (ntohl(a.s_addr) >> 24) == 127;
}

struct Server::Impl {
  ServeConfig cfg;
  httplib::Server http;
  Connections readers;
  std::mutex write_m;                       // one writer at a time
  std::unique_ptr<db::Importer> importer;  // the writer, opened at bind()
  std::atomic<std::uint64_t> bot_seed{std::random_device{}()};
  bool loopback = true;  // bound to a loopback address: Host is checked
  int port = 0;

  // Whether `host` (a Host header) names this loopback server: 127.0.0.1, localhost, [::1] or
  // the address it is bound to, any case, with this server's port or none.
  bool own_host(const std::string& host) const {
    std::string name = host, at;
    if (const auto colon = host.rfind(':'); colon != std::string::npos && host.find(']', colon) == std::string::npos) {
      name = host.substr(0, colon);
      at = host.substr(colon + 1);
    }
    if (!at.empty() && at != std::to_string(port)) return false;
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const std::string bound = cfg.bind.find(':') != std::string::npos ? "[" + cfg.bind + "]" : cfg.bind;
    return name == "127.0.0.1" || name == "localhost" || name == "[::1]" || name == bound;
  }

  explicit Impl(ServeConfig c) : cfg(std::move(c)), readers(cfg.db) {
    if (cfg.token.empty()) cfg.token = random_token();
  }

  // POST /api/games: one record stored, behind the token.
  Reply save(const httplib::Request& req) {
    if (!same_secret(req.get_header_value("X-PPN-Token"), cfg.token))
      return error_reply(403, "E-ARGUMENT", "writing needs the token `ppn serve` printed at start-up (header X-PPN-Token)");
    json body = json::parse(req.body, nullptr, false);
    if (body.is_discarded() || !body.is_object() || !body.contains("ppn") || !body["ppn"].is_string())
      return error_reply(400, "E-ARGUMENT", "the body is {\"ppn\": \"PPN text of one game\"}");
    const auto parsed = parser::parse_all(body["ppn"].get<std::string>(), "record");
    if (!parsed.errors.empty()) {
      const auto& e = parsed.errors.front();
      return error_reply(422, std::string(e.name()), e.message, {{"line", e.line}, {"column", e.column}});
    }
    if (parsed.games.size() != 1)
      return error_reply(422, "E-ARGUMENT", "the record holds " + std::to_string(parsed.games.size()) + " games; give one");
    std::lock_guard lock(write_m);
    auto stored = app::ensure_stored(*importer, parsed.games.front());
    if (!stored) return error_reply(500, "E-DATABASE", stored.error().message);
    if (stored->id == 0) return error_reply(422, "E-DATABASE", stored->refused);
    readers.clear();
    return json_reply({{"id", stored->id}, {"imported", stored->imported}});
  }

  void routes() {
    const std::string& token = cfg.token;
    // The profiles and bots the pages offer, as the rules core and the bots know them.
    json profiles = json::array();
    for (const auto name : rules::profile_list())
      profiles.push_back({{"name", std::string(name)}, {"ludo", rules::is_ludo_profile(name)}});
    json bots = json::array();
    for (const auto k : {analysis::BotKind::random, analysis::BotKind::greedy, analysis::BotKind::eval, analysis::BotKind::net0,
                         analysis::BotKind::net1})
      bots.push_back(std::string(analysis::bot_kind_name(k)));
    const std::vector<std::pair<std::string, std::string>> lists = {{"profiles", profiles.dump()}, {"bots", bots.dump()}};
    auto page = [this, lists](std::string_view name, std::string title) {
      return [this, name, title, lists](const httplib::Request&, httplib::Response& res) {
        send(res, page_shell(name, title, cfg.token, lists));
      };
    };
    http.Get("/", page("games", "Games"));
    http.Get("/find", page("find", "Find a position"));
    http.Get("/record", page("record", "Record a game"));
    http.Get(R"(/game/(\d+))", [this, &token](const httplib::Request& req, httplib::Response& res) {
      send(res, game_page(readers, id_of(req.matches[1]), token));
    });
    http.Get(R"(/player/(.+))", [this](const httplib::Request& req, httplib::Response& res) {
      const std::string name = req.matches[1];
      send(res, page_shell("player", name, cfg.token, {{"player", name}}));
    });
    http.Get(R"(/assets/([a-z]+\.[a-z]+))", [](const httplib::Request& req, httplib::Response& res) {
      if (auto a = asset(std::string(req.matches[1]))) send(res, *a);
      else send(res, error_reply(404, "E-ARGUMENT", "no such asset"));
    });
    http.Get("/api/games", [this](const httplib::Request& req, httplib::Response& res) { send(res, list_games(readers, params_of(req))); });
    http.Get(R"(/api/games/(\d+))", [this](const httplib::Request& req, httplib::Response& res) {
      send(res, get_game(readers, id_of(req.matches[1])));
    });
    http.Get(R"(/api/games/(\d+)/positions)", [this](const httplib::Request& req, httplib::Response& res) {
      send(res, game_positions(readers, id_of(req.matches[1])));
    });
    http.Get(R"(/api/games/(\d+)/analysis)", [this](const httplib::Request& req, httplib::Response& res) {
      send(res, analyse_game(readers, id_of(req.matches[1]), params_of(req)));
    });
    http.Get(R"(/api/games/(\d+)/luck-chart)", [this](const httplib::Request& req, httplib::Response& res) {
      send(res, luck_chart(readers, id_of(req.matches[1])));
    });
    http.Get("/api/players", [this](const httplib::Request& req, httplib::Response& res) { send(res, list_players(readers, params_of(req))); });
    http.Get(R"(/api/players/(.+))", [this](const httplib::Request& req, httplib::Response& res) {
      send(res, get_player(readers, req.matches[1]));
    });
    http.Get("/api/stats", [this](const httplib::Request&, httplib::Response& res) { send(res, summary(readers)); });
    http.Get("/api/find", [this](const httplib::Request& req, httplib::Response& res) { send(res, find(readers, params_of(req))); });
    http.Post("/api/record/state", [](const httplib::Request& req, httplib::Response& res) {
      if (auto b = json_body(req, res)) send(res, record_state(*b));
    });
    http.Post("/api/record/play", [](const httplib::Request& req, httplib::Response& res) {
      if (auto b = json_body(req, res)) send(res, record_play(*b));
    });
    http.Post("/api/record/bot", [this](const httplib::Request& req, httplib::Response& res) {
      if (auto b = json_body(req, res)) send(res, record_bot(*b, bot_seed.fetch_add(0x9E3779B97F4A7C15ull)));
    });
    http.Post("/api/record/hint", [](const httplib::Request& req, httplib::Response& res) {
      if (auto b = json_body(req, res)) send(res, record_hint(*b));
    });
    http.Post("/api/games", [this](const httplib::Request& req, httplib::Response& res) { send(res, save(req)); });
  }

  void limits() {
    http.new_task_queue = [n = static_cast<std::size_t>(cfg.threads)] { return new httplib::ThreadPool(n); };
    http.set_payload_max_length(kMaxBody);
    http.set_read_timeout(kReadSeconds, 0);
    http.set_write_timeout(kWriteSeconds, 0);
    http.set_keep_alive_timeout(1);  // an idle connection holds a thread, and Ctrl-C waits for it
    // The server's time for each request, in the standard Server-Timing header (read by
    // `ppn bench serve` and by a browser's developer tools): from routing to the answer built.
    http.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
      request_start = std::chrono::steady_clock::now();
      // DNS rebinding: a page of another site whose name resolves to this machine reaches a
      // loopback server under that name. Only this machine's own names are served, and a
      // browser's write must come from a page of this server (its Origin).
      if (loopback && !own_host(req.get_header_value("Host"))) {
        send(res, error_reply(403, "E-ARGUMENT", "this server answers only to its own address (Host: 127.0.0.1, localhost or [::1])"));
        return httplib::Server::HandlerResponse::Handled;
      }
      const std::string origin = req.get_header_value("Origin");
      if (req.method == "POST" && !origin.empty() && origin != "http://" + req.get_header_value("Host")) {
        send(res, error_reply(403, "E-ARGUMENT", "a request from another site's page (Origin " + origin + ") is refused"));
        return httplib::Server::HandlerResponse::Handled;
      }
      return httplib::Server::HandlerResponse::Unhandled;
    });
    // Every answer says what it is and may not be framed or sniffed; the shells run only the
    // site's own script, the game page also the viewer's own inline script (by its hash; its
    // style is inline too).
    http.set_post_routing_handler([viewer_script = csp_hash(render::html_viewer_script())](const httplib::Request& req,
                                                                                            httplib::Response& res) {
      if (request_start) {
        const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - *request_start;
        res.set_header("Server-Timing", "app;dur=" + std::to_string(took.count()));
        request_start.reset();
      }
      res.set_header("X-Content-Type-Options", "nosniff");
      res.set_header("X-Frame-Options", "DENY");
      res.set_header("Referrer-Policy", "no-referrer");
      const bool viewer = req.path.rfind("/game/", 0) == 0;
      res.set_header("Content-Security-Policy",
                     std::string("default-src 'none'; connect-src 'self'; img-src 'self' data: blob:; ") +
                         (viewer ? "script-src 'self' " + viewer_script + "; style-src 'self' 'unsafe-inline'"
                                 : std::string("script-src 'self'; style-src 'self' 'unsafe-inline'")));
    });
    // No route, a method not served, a body too large: a JSON error, never an empty answer.
    http.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
      if (!res.body.empty()) return;
      const std::string what = res.status == 404   ? "no such page: " + req.path
                               : res.status == 413 ? "the request body is too large (JSON as application/json: at most 1 MiB; a form: 8 KiB)"
                               : res.status == 405 ? "that method is not served here"
                                                   : "bad request";
      send(res, error_reply(res.status, "E-ARGUMENT", what));
    });
    http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
      std::string what = "internal error";
      try {
        if (ep) std::rethrow_exception(ep);
      } catch (const std::exception& e) {
        what += std::string(": ") + e.what();
      } catch (...) {
      }
      send(res, error_reply(500, "E-ARGUMENT", what));
    });
  }
};

Server::Server(ServeConfig cfg) : impl_(std::make_unique<Impl>(std::move(cfg))) {}
Server::~Server() = default;

const std::string& Server::token() const { return impl_->cfg.token; }

std::optional<int> Server::bind(std::string& error) {
  auto& im = *impl_;
  // The writer creates a missing SQLite file and brings an older schema up to date, so that
  // the readers find the current tables.
  auto opened = db::Importer::open(im.cfg.db, {});
  if (!opened) {
    error = opened.error().message;
    return std::nullopt;
  }
  im.importer = std::move(*opened);
  im.routes();
  im.limits();
  const int port = im.cfg.port == 0 ? im.http.bind_to_any_port(im.cfg.bind) : (im.http.bind_to_port(im.cfg.bind, im.cfg.port) ? im.cfg.port : -1);
  if (port < 0) {
    error = "cannot listen on " + im.cfg.bind + ":" + std::to_string(im.cfg.port) + " (in use, or not an address of this machine)";
    return std::nullopt;
  }
  im.port = port;
  im.loopback = is_loopback(im.cfg.bind);
  return port;
}

bool Server::run() { return impl_->http.listen_after_bind(); }

void Server::stop() { impl_->http.stop(); }

}  // namespace ppn::serve
