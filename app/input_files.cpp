#include "app/input_files.hpp"

#include <utility>

namespace ppn::app {

std::shared_ptr<const Game> GamePool::hand_over(Game& g) {
  if (!owned_) return {std::shared_ptr<const Game>(), &g};  // not owned: the job runs at once
  auto taken = games_.take();
  std::swap(*taken, g);
  return taken;
}

std::shared_ptr<Game> GamePool::fresh() { return games_.take(); }

std::shared_ptr<const parser::GameText> GamePool::hand_over(parser::GameText& t) {
  auto taken = texts_.take();
  std::swap(*taken, t);
  return taken;
}

}  // namespace ppn::app
