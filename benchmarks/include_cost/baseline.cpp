// Include cost: the standard headers the struct needs and nothing else (scripts/include-cost.sh).
#include "record.hpp"

std::string round_trip(const include_cost_record& r) { return r.name + std::to_string(r.id); }
