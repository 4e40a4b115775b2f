// SVG charts (see charts.hpp).
#include "analysis/charts.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ppn::analysis {

namespace {

constexpr double kWidth = 720, kHeight = 400;
constexpr double kLeft = 64, kRight = 150, kTop = 40, kBottom = 48;  // margins (legend on the right)
constexpr double kTitleX = 18;  // the y axis title's baseline (rotated: its glyphs reach from x 8)

const char* seat_colour(Colour c) {
  switch (c) {
    case Colour::Green: return "#2e8b57";
    case Colour::Red: return "#c0392b";
    case Colour::Blue: return "#2e64c0";
    case Colour::Yellow: return "#d4a017";
  }
  return "#000";
}

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

// A number as a label: integers without decimals, others with up to three significant
// decimals, thousands grouped with commas ("12,345", "-1,234.5").
std::string label(double v) {
  char buf[64];
  if (std::fabs(v - std::round(v)) < 1e-9) std::snprintf(buf, sizeof buf, "%.0f", std::round(v) == 0 ? 0.0 : v);
  else std::snprintf(buf, sizeof buf, "%.3f", v);
  std::string s = buf;
  if (s.find('.') != std::string::npos) {  // drop trailing zeros of the decimals
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  const std::size_t sign = s[0] == '-' ? 1 : 0;
  std::size_t end = s.find('.');
  if (end == std::string::npos) end = s.size();
  std::string out = s.substr(0, sign);
  for (std::size_t i = sign; i < end; ++i) {
    if (i > sign && (end - i) % 3 == 0) out += ',';
    out += s[i];
  }
  return out + s.substr(end);
}

// The width of a label in px at the charts' 12 px sans-serif, generously: digits and most
// letters 0.65 em, commas, points and spaces 0.35 em (Arial: 0.56 and 0.28). Used to keep axis titles clear of tick
// labels.
double text_width(const std::string& s, double font_px = 12) {
  double em = 0;
  for (char c : s) em += (c == ',' || c == '.' || c == ' ') ? 0.35 : 0.65;
  return em * font_px;
}

// A "nice" tick step for a range (1, 2 or 5 times a power of ten), about `n` ticks.
double tick_step(double range, int n) {
  if (range <= 0) return 1;
  const double raw = range / n, p = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= raw) return m * p;
  return 10 * p;
}

// Tick values from the first multiple of `step` at or above lo up to hi.
std::vector<double> ticks(double lo, double hi, double step) {
  std::vector<double> out;
  for (double v = std::ceil(lo / step - 1e-9) * step; v <= hi + 1e-9; v += step) out.push_back(std::fabs(v) < 1e-9 ? 0 : v);
  return out;
}

struct Frame {
  double x0, x1, y0, y1;  // data ranges
  double left = kLeft;    // the plot's left edge: room for the y axis title and the widest tick label
  // The left edge for these y tick labels: the rotated y title (12 px tall, from x 8) and a
  // gap, then the widest label and 6 px to the axis.
  void fit_left() {
    double widest = 0;
    for (double y : ticks(y0, y1, tick_step(y1 - y0, 6))) widest = std::max(widest, text_width(label(y)));
    left = std::max(kLeft, kTitleX + 8 + widest + 6);
  }
  double px(double x) const { return left + (x - x0) / (x1 - x0) * (kWidth - left - kRight); }
  double py(double y) const { return kHeight - kBottom - (y - y0) / (y1 - y0) * (kHeight - kTop - kBottom); }
};

std::string open_svg(const std::string& title) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + label(kWidth) + "\" height=\"" + label(kHeight) +
         "\" viewBox=\"0 0 " + label(kWidth) + " " + label(kHeight) +
         "\" font-family=\"sans-serif\" font-size=\"12\">\n<title>" + xml_escape(title) +
         "</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n<text x=\"" + num(kWidth / 2) +
         "\" y=\"22\" text-anchor=\"middle\" font-size=\"15\" font-weight=\"bold\">" + xml_escape(title) + "</text>\n";
}

// Axes, grid lines and tick labels. x ticks are spaced so that their labels never touch.
std::string axes(const Frame& f, const std::string& xname, const std::string& yname, bool x_ticks = true) {
  std::string s;
  const double ys = tick_step(f.y1 - f.y0, 6);
  for (double y : ticks(f.y0, f.y1, ys)) {
    s += "<line x1=\"" + num(f.left) + "\" y1=\"" + num(f.py(y)) + "\" x2=\"" + num(kWidth - kRight) + "\" y2=\"" +
         num(f.py(y)) + "\" stroke=\"" + (y == 0 ? "#888" : "#e4e4e4") + "\"/>\n";
    s += "<text class=\"tick y\" x=\"" + num(f.left - 6) + "\" y=\"" + num(f.py(y) + 4) + "\" text-anchor=\"end\">" +
         label(y) + "</text>\n";
  }
  if (x_ticks) {
    double xs = tick_step(f.x1 - f.x0, 8);
    for (int guard = 0; guard < 20; ++guard) {
      double widest = 0;
      for (double x : ticks(f.x0, f.x1, xs)) widest = std::max(widest, text_width(label(x)));
      if (f.px(f.x0 + xs) - f.px(f.x0) >= widest + 12) break;
      xs = tick_step(xs * 1.5, 1);  // the next nice step up
    }
    for (double x : ticks(f.x0, f.x1, xs))
      s += "<text class=\"tick x\" x=\"" + num(f.px(x)) + "\" y=\"" + num(kHeight - kBottom + 16) +
           "\" text-anchor=\"middle\">" + label(x) + "</text>\n";
  }
  s += "<line x1=\"" + num(f.left) + "\" y1=\"" + num(kHeight - kBottom) + "\" x2=\"" + num(kWidth - kRight) +
       "\" y2=\"" + num(kHeight - kBottom) + "\" stroke=\"#000\"/>\n";
  s += "<line x1=\"" + num(f.left) + "\" y1=\"" + num(kTop) + "\" x2=\"" + num(f.left) + "\" y2=\"" +
       num(kHeight - kBottom) + "\" stroke=\"#000\"/>\n";
  s += "<text class=\"axis-title x\" x=\"" + num((f.left + kWidth - kRight) / 2) + "\" y=\"" + num(kHeight - 10) +
       "\" text-anchor=\"middle\">" + xml_escape(xname) + "</text>\n";
  s += "<text class=\"axis-title y\" transform=\"translate(" + num(kTitleX) + " " + num((kTop + kHeight - kBottom) / 2) +
       ") rotate(-90)\" text-anchor=\"middle\">" + xml_escape(yname) + "</text>\n";
  return s;
}

// The current roll's cursor for the HTML viewer (render/html_viewer.cpp): a vertical line,
// hidden until the viewer's script puts it at x = the frame shown. data-x0/x1 are the data
// range, data-left/right the pixels they map to.
std::string roll_cursor(const Frame& f) {
  return "<line class=\"roll-cursor\" x1=\"" + num(f.left) + "\" y1=\"" + num(kTop) + "\" x2=\"" + num(f.left) +
         "\" y2=\"" + num(kHeight - kBottom) + "\" stroke=\"#222\" stroke-width=\"2\" stroke-dasharray=\"5 3\" visibility=\"hidden\"" +
         " data-x0=\"" + num(f.x0) + "\" data-x1=\"" + num(f.x1) + "\" data-left=\"" + num(f.px(f.x0)) + "\" data-right=\"" +
         num(f.px(f.x1)) + "\"/>\n";
}

struct Series {
  std::string name;
  const char* colour;
  std::vector<std::pair<double, double>> points;
};

// `cursor`: the roll cursor of the charts over a game's rolls.
std::string line_chart(const std::string& title, const std::string& xname, const std::string& yname,
                       const std::vector<Series>& series, bool zero_line, bool cursor = true) {
  double x0 = 0, x1 = 1, y0 = zero_line ? 0 : 1e300, y1 = zero_line ? 0 : -1e300;
  for (const auto& se : series)
    for (const auto& [x, y] : se.points) {
      x1 = std::max(x1, x);
      y0 = std::min(y0, y);
      y1 = std::max(y1, y);
    }
  if (y0 > y1) y0 = 0, y1 = 1;
  if (!zero_line) y0 = std::min(y0, 0.0);  // counts start at 0
  if (y1 - y0 < 1e-9) y1 = y0 + 1;
  const double pad = (y1 - y0) * 0.05;
  Frame f{x0, x1, zero_line ? y0 - pad : y0, y1 + pad};
  f.fit_left();
  std::string s = open_svg(title) + axes(f, xname, yname);
  double ly = kTop + 10;
  for (const auto& se : series) {
    s += "<polyline fill=\"none\" stroke=\"" + std::string(se.colour) + "\" stroke-width=\"2\" points=\"";
    for (const auto& [x, y] : se.points) s += num(f.px(x)) + "," + num(f.py(y)) + " ";
    s += "\"/>\n";
    s += "<line x1=\"" + num(kWidth - kRight + 14) + "\" y1=\"" + num(ly) + "\" x2=\"" + num(kWidth - kRight + 34) +
         "\" y2=\"" + num(ly) + "\" stroke=\"" + se.colour + "\" stroke-width=\"3\"/>\n";
    s += "<text x=\"" + num(kWidth - kRight + 40) + "\" y=\"" + num(ly + 4) + "\">" + xml_escape(se.name) +
         "</text>\n";
    ly += 20;
  }
  return s + (cursor ? roll_cursor(f) : std::string()) + "</svg>\n";
}

}  // namespace

std::string xml_escape(const std::string& in) {
  std::string s;
  for (char c : in) switch (c) {
      case '&': s += "&amp;"; break;
      case '<': s += "&lt;"; break;
      case '>': s += "&gt;"; break;
      case '"': s += "&quot;"; break;
      default: s += c;
    }
  return s;
}

std::string race_chart(const GameStats& gs, const std::string& title) {
  std::vector<Series> series;
  for (Colour c : gs.seat_order) {
    const int s = static_cast<int>(c);
    Series se{gs.seats[static_cast<std::size_t>(s)].player.empty()
                  ? std::string(colour_name(c))
                  : std::string(colour_name(c)) + " " + gs.seats[static_cast<std::size_t>(s)].player,
              seat_colour(c), {}};
    for (std::size_t k = 0; k < gs.race.size(); ++k)
      se.points.push_back({static_cast<double>(k), static_cast<double>(gs.race[k][static_cast<std::size_t>(s)])});
    series.push_back(std::move(se));
  }
  return line_chart(title, "roll", "steps to HOME", series, false);
}

std::string luck_chart(const GameAnalysis& ga, const std::vector<Colour>& seats, const std::string& title) {
  std::vector<Series> series;
  for (Colour c : seats) {
    const auto s = static_cast<std::size_t>(c);
    Series se{std::string(colour_name(c)), seat_colour(c), {{0.0, 0.0}}};
    for (std::size_t k = 0; k < ga.cumulative_luck.size(); ++k)
      se.points.push_back({static_cast<double>(k + 1), 100.0 * ga.cumulative_luck[k][s]});
    series.push_back(std::move(se));
  }
  return line_chart(title, "roll", "cumulative luck (winning chance, points)", series, true);
}

std::string faces_chart(const DiceSample& d, const std::string& title) {
  const double n = static_cast<double>(d.dice());
  const double expected = n / 6.0, sd = std::sqrt(n * (1.0 / 6.0) * (5.0 / 6.0));
  double top = expected + 2 * sd;
  for (int f = 1; f <= 6; ++f) top = std::max(top, static_cast<double>(d.faces[static_cast<std::size_t>(f)]));
  if (top <= 0) top = 1;
  Frame fr{0.5, 6.5, 0, top * 1.08};
  fr.fit_left();
  std::string s = open_svg(title);
  s += axes(fr, "face", "dice showing it", false);  // the faces label the bars
  const double band_w = (fr.px(1.5) - fr.px(0.5)) * 0.6;
  // The band expected +- 2 sd, then the bars, then the expected line on top.
  s += "<rect x=\"" + num(fr.left) + "\" y=\"" + num(fr.py(expected + 2 * sd)) + "\" width=\"" +
       num(kWidth - fr.left - kRight) + "\" height=\"" + num(fr.py(std::max(0.0, expected - 2 * sd)) - fr.py(expected + 2 * sd)) +
       "\" fill=\"#f2d7a0\" fill-opacity=\"0.5\"/>\n";
  for (int f = 1; f <= 6; ++f) {
    const double c = static_cast<double>(d.faces[static_cast<std::size_t>(f)]);
    s += "<rect x=\"" + num(fr.px(f) - band_w / 2) + "\" y=\"" + num(fr.py(c)) + "\" width=\"" + num(band_w) +
         "\" height=\"" + num(fr.py(0) - fr.py(c)) + "\" fill=\"#4a6fa5\" class=\"face-bar\" data-face=\"" + std::to_string(f) +
         "\"><title>" + std::to_string(f) + ": " +
         label(c) + "</title></rect>\n";
    s += "<text x=\"" + num(fr.px(f)) + "\" y=\"" + num(kHeight - kBottom + 16) + "\" text-anchor=\"middle\">" +
         std::to_string(f) + "</text>\n";
    s += "<text x=\"" + num(fr.px(f)) + "\" y=\"" + num(fr.py(c) - 4) + "\" text-anchor=\"middle\" font-size=\"11\">" +
         label(c) + "</text>\n";
  }
  s += "<line x1=\"" + num(fr.left) + "\" y1=\"" + num(fr.py(expected)) + "\" x2=\"" + num(kWidth - kRight) +
       "\" y2=\"" + num(fr.py(expected)) + "\" stroke=\"#c0392b\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n";
  double ly = kTop + 10;
  s += "<line x1=\"" + num(kWidth - kRight + 14) + "\" y1=\"" + num(ly) + "\" x2=\"" + num(kWidth - kRight + 34) +
       "\" y2=\"" + num(ly) + "\" stroke=\"#c0392b\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n";
  s += "<text x=\"" + num(kWidth - kRight + 40) + "\" y=\"" + num(ly + 4) + "\">expected " + label(std::round(expected * 10) / 10) + "</text>\n";
  ly += 20;
  s += "<rect x=\"" + num(kWidth - kRight + 14) + "\" y=\"" + num(ly - 6) +
       "\" width=\"20\" height=\"12\" fill=\"#f2d7a0\"/>\n<text x=\"" + num(kWidth - kRight + 40) + "\" y=\"" +
       num(ly + 4) + "\">2 sd band</text>\n";
  ly += 20;
  s += "<text x=\"" + num(kWidth - kRight + 14) + "\" y=\"" + num(ly + 4) + "\">" + label(n) + " dice</text>\n";
  return s + "</svg>\n";
}

}  // namespace ppn::analysis

namespace ppn::analysis {

std::string calibration_chart(const std::vector<std::pair<std::string, const Calibration*>>& estimates,
                              const std::string& title) {
  static const char* const kColours[] = {"#c0392b", "#2e64c0", "#2e8b57", "#d4a017"};
  std::vector<Series> series{{"perfect", "#999", {{0.0, 0.0}, {100.0, 100.0}}}};
  for (std::size_t i = 0; i < estimates.size(); ++i) {
    Series se{estimates[i].first, kColours[i % 4], {}};
    for (const auto& d : estimates[i].second->deciles)
      if (d.weight > 0) se.points.push_back({100 * d.predicted / d.weight, 100 * d.observed / d.weight});
    series.push_back(std::move(se));
  }
  return line_chart(title, "estimated winning chance (%, mean of a decile)", "won (%)", series, false, false);
}

}  // namespace ppn::analysis
