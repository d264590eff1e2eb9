// shape.cpp - form detection for encoding toon::value (see shape.hpp): compiled once here.
#include "shape.hpp"

namespace toon::detail {

template class basic_shape_analyzer<value_model>;

}  // namespace toon::detail
