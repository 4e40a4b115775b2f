// SVG charts (see charts.hpp).
#include "analysis/charts.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ppn::analysis {

namespace {

constexpr double kWidth = 720, kHeight = 400;
constexpr double kLeft = 64, kRight = 150, kTop = 40, kBottom = 48;  // margins (legend on the right)

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

std::string label(double v) {
  char buf[32];
  if (std::fabs(v - std::round(v)) < 1e-9) std::snprintf(buf, sizeof buf, "%.0f", v);
  else std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// A "nice" tick step for a range (1, 2 or 5 times a power of ten), about `n` ticks.
double tick_step(double range, int n) {
  if (range <= 0) return 1;
  const double raw = range / n, p = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= raw) return m * p;
  return 10 * p;
}

struct Frame {
  double x0, x1, y0, y1;  // data ranges
  double px(double x) const { return kLeft + (x - x0) / (x1 - x0) * (kWidth - kLeft - kRight); }
  double py(double y) const { return kHeight - kBottom - (y - y0) / (y1 - y0) * (kHeight - kTop - kBottom); }
};

std::string open_svg(const std::string& title) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + label(kWidth) + "\" height=\"" + label(kHeight) +
         "\" viewBox=\"0 0 " + label(kWidth) + " " + label(kHeight) +
         "\" font-family=\"sans-serif\" font-size=\"12\">\n<title>" + xml_escape(title) +
         "</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n<text x=\"" + num(kWidth / 2) +
         "\" y=\"22\" text-anchor=\"middle\" font-size=\"15\" font-weight=\"bold\">" + xml_escape(title) + "</text>\n";
}

// Axes, grid lines and tick labels.
std::string axes(const Frame& f, const std::string& xname, const std::string& yname, bool x_ticks = true) {
  std::string s;
  const double ys = tick_step(f.y1 - f.y0, 6), xs = tick_step(f.x1 - f.x0, 8);
  for (double y = std::ceil(f.y0 / ys) * ys; y <= f.y1 + 1e-9; y += ys) {
    s += "<line x1=\"" + num(kLeft) + "\" y1=\"" + num(f.py(y)) + "\" x2=\"" + num(kWidth - kRight) + "\" y2=\"" +
         num(f.py(y)) + "\" stroke=\"" + (std::fabs(y) < 1e-9 ? "#888" : "#e4e4e4") + "\"/>\n";
    s += "<text x=\"" + num(kLeft - 6) + "\" y=\"" + num(f.py(y) + 4) + "\" text-anchor=\"end\">" + label(y) +
         "</text>\n";
  }
  for (double x = std::ceil(f.x0 / xs) * xs; x_ticks && x <= f.x1 + 1e-9; x += xs)
    s += "<text x=\"" + num(f.px(x)) + "\" y=\"" + num(kHeight - kBottom + 16) + "\" text-anchor=\"middle\">" +
         label(x) + "</text>\n";
  s += "<line x1=\"" + num(kLeft) + "\" y1=\"" + num(kHeight - kBottom) + "\" x2=\"" + num(kWidth - kRight) +
       "\" y2=\"" + num(kHeight - kBottom) + "\" stroke=\"#000\"/>\n";
  s += "<line x1=\"" + num(kLeft) + "\" y1=\"" + num(kTop) + "\" x2=\"" + num(kLeft) + "\" y2=\"" +
       num(kHeight - kBottom) + "\" stroke=\"#000\"/>\n";
  s += "<text x=\"" + num((kLeft + kWidth - kRight) / 2) + "\" y=\"" + num(kHeight - 10) +
       "\" text-anchor=\"middle\">" + xml_escape(xname) + "</text>\n";
  s += "<text transform=\"translate(16 " + num((kTop + kHeight - kBottom) / 2) +
       ") rotate(-90)\" text-anchor=\"middle\">" + xml_escape(yname) + "</text>\n";
  return s;
}

struct Series {
  std::string name;
  const char* colour;
  std::vector<std::pair<double, double>> points;
};

std::string line_chart(const std::string& title, const std::string& xname, const std::string& yname,
                       const std::vector<Series>& series, bool zero_line) {
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
  const Frame f{x0, x1, zero_line ? y0 - pad : y0, y1 + pad};
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
  return s + "</svg>\n";
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
  std::string s = open_svg(title);
  s += axes(fr, "face", "dice showing it", false);  // the faces label the bars
  const double band_w = (fr.px(1.5) - fr.px(0.5)) * 0.6;
  // The band expected +- 2 sd, then the bars, then the expected line on top.
  s += "<rect x=\"" + num(kLeft) + "\" y=\"" + num(fr.py(expected + 2 * sd)) + "\" width=\"" +
       num(kWidth - kLeft - kRight) + "\" height=\"" + num(fr.py(std::max(0.0, expected - 2 * sd)) - fr.py(expected + 2 * sd)) +
       "\" fill=\"#f2d7a0\" fill-opacity=\"0.5\"/>\n";
  for (int f = 1; f <= 6; ++f) {
    const double c = static_cast<double>(d.faces[static_cast<std::size_t>(f)]);
    s += "<rect x=\"" + num(fr.px(f) - band_w / 2) + "\" y=\"" + num(fr.py(c)) + "\" width=\"" + num(band_w) +
         "\" height=\"" + num(fr.py(0) - fr.py(c)) + "\" fill=\"#4a6fa5\"><title>" + std::to_string(f) + ": " +
         label(c) + "</title></rect>\n";
    s += "<text x=\"" + num(fr.px(f)) + "\" y=\"" + num(kHeight - kBottom + 16) + "\" text-anchor=\"middle\">" +
         std::to_string(f) + "</text>\n";
    s += "<text x=\"" + num(fr.px(f)) + "\" y=\"" + num(fr.py(c) - 4) + "\" text-anchor=\"middle\" font-size=\"11\">" +
         label(c) + "</text>\n";
  }
  s += "<line x1=\"" + num(kLeft) + "\" y1=\"" + num(fr.py(expected)) + "\" x2=\"" + num(kWidth - kRight) +
       "\" y2=\"" + num(fr.py(expected)) + "\" stroke=\"#c0392b\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n";
  double ly = kTop + 10;
  s += "<line x1=\"" + num(kWidth - kRight + 14) + "\" y1=\"" + num(ly) + "\" x2=\"" + num(kWidth - kRight + 34) +
       "\" y2=\"" + num(ly) + "\" stroke=\"#c0392b\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n";
  s += "<text x=\"" + num(kWidth - kRight + 40) + "\" y=\"" + num(ly + 4) + "\">expected " + num(expected) + "</text>\n";
  ly += 20;
  s += "<rect x=\"" + num(kWidth - kRight + 14) + "\" y=\"" + num(ly - 6) +
       "\" width=\"20\" height=\"12\" fill=\"#f2d7a0\"/>\n<text x=\"" + num(kWidth - kRight + 40) + "\" y=\"" +
       num(ly + 4) + "\">2 sd band</text>\n";
  ly += 20;
  s += "<text x=\"" + num(kWidth - kRight + 14) + "\" y=\"" + num(ly + 4) + "\">" + label(n) + " dice</text>\n";
  return s + "</svg>\n";
}

}  // namespace ppn::analysis
