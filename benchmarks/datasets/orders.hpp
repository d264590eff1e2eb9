// benchmarks/datasets/orders.hpp - 2,000 e-commerce orders with a nested customer and items.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "datasets/random.hpp"

namespace bench {

struct customer {
  std::int64_t id;
  std::string name;
  std::string email;
  std::string city;
  bool operator==(const customer&) const = default;
};

struct order_item {
  std::string sku;
  std::string name;
  std::int64_t quantity;
  double price;
  bool operator==(const order_item&) const = default;
};

struct order {
  std::string id;
  std::string date;
  std::string status;
  bench::customer customer;
  std::vector<order_item> items;
  double total;
  bool operator==(const order&) const = default;
};

struct orders_doc {
  std::vector<order> orders;
  bool operator==(const orders_doc&) const = default;
};

/// The order dataset: `n` orders with 1-5 items each, seed 2.
inline orders_doc make_orders(std::size_t n = 2'000) {
  static constexpr std::array<std::string_view, 5> statuses = {"pending", "paid", "shipped",
                                                                "delivered", "returned"};
  static constexpr std::array<std::string_view, 8> cities = {
      "Lisbon", "Osaka", "Denver", "Lagos", "Berlin", "Lima", "Pune", "Quebec City"};
  static constexpr std::array<std::string_view, 10> products = {
      "Wireless Mouse", "USB-C Cable", "Desk Lamp", "Notebook A5", "Water Bottle",
      "Headphones",     "Phone Stand", "Backpack",  "Coffee Mug",  "Keyboard"};
  random r(2);
  orders_doc d;
  d.orders.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    order o;
    o.id = "ORD-" + std::to_string(100'000 + i);
    o.date = timestamp(r.between(0, 330), r.between(0, 86'399));
    o.status = r.pick(statuses);
    const std::int64_t cid = r.between(1, 5000);
    o.customer.id = cid;
    o.customer.name = person_name(r);
    o.customer.email = email_of(o.customer.name, cid);
    o.customer.city = r.pick(cities);
    const auto items = static_cast<std::size_t>(r.between(1, 5));
    std::int64_t cents = 0;
    for (std::size_t k = 0; k < items; ++k) {
      const std::int64_t p = r.between(199, 19'999), q = r.between(1, 4);
      cents += p * q;
      o.items.push_back({"SKU-" + std::to_string(r.between(1000, 9999)), std::string(r.pick(products)),
                         q, static_cast<double>(p) / 100.0});
    }
    o.total = static_cast<double>(cents) / 100.0;
    d.orders.push_back(std::move(o));
  }
  return d;
}

inline std::size_t records_of(const orders_doc& d) { return d.orders.size(); }

}  // namespace bench
