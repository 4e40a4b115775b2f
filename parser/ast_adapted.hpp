// Fusion adaptations of the notation types the grammar fills by attribute propagation.
#pragma once

#include <boost/fusion/include/adapt_struct.hpp>

#include "notation/game.hpp"

BOOST_FUSION_ADAPT_STRUCT(ppn::Tag, name, value)
BOOST_FUSION_ADAPT_STRUCT(ppn::SquareMove, from, to, capture)
