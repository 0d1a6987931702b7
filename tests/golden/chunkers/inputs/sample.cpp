#include <map>
#include <string>
#include <vector>

namespace graph {

// A directed graph with string-labelled nodes, stored as adjacency lists.
class Graph {
public:
    void addEdge(const std::string& from, const std::string& to) {
        adjacency_[from].push_back(to);
        adjacency_[to];
    }

    // Nodes in an order where every edge points forward; empty if there is a cycle.
    std::vector<std::string> topologicalSort() const;

private:
    std::map<std::string, std::vector<std::string>> adjacency_;
};

std::vector<std::string> Graph::topologicalSort() const {
    std::map<std::string, int> indegree;
    for (const auto& [node, targets] : adjacency_) {
        indegree[node];
        for (const auto& t : targets) indegree[t]++;
    }
    std::vector<std::string> ready, order;
    for (const auto& [node, d] : indegree) if (d == 0) ready.push_back(node);
    while (!ready.empty()) {
        auto node = ready.back();
        ready.pop_back();
        order.push_back(node);
        for (const auto& t : adjacency_.at(node)) if (--indegree[t] == 0) ready.push_back(t);
    }
    return order.size() == indegree.size() ? order : std::vector<std::string>{};
}

template <typename T>
T clampValue(T value, T low, T high) {
    return value < low ? low : (value > high ? high : value);
}

}  // namespace graph
