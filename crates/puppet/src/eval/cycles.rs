//! Dependency cycles: the relationship graph Puppet orders a catalog by, and
//! the cycles in it. Each resource is two nodes, its start and its end; a
//! container starts before and ends after what it contains (Puppet's
//! admissible and completed whits), and `before`/`notify` (or
//! `require`/`subscribe` the other way) run from one end to the other's
//! start. A cycle is a strongly connected component of more than one node.

use super::Evaluator;

impl Evaluator<'_> {
    /// Puppet's report of the catalog's dependency cycles, if it has any.
    pub(super) fn cycle_report(&self) -> Option<String> {
        let cycles = self.dependency_cycles();
        if cycles.is_empty() {
            return None;
        }
        let plural = if cycles.len() == 1 { "" } else { "s" };
        let mut message = format!("Found {} dependency cycle{plural}:", cycles.len());
        for cycle in &cycles {
            message.push_str(&format!("\n({} => {})", cycle.join(" => "), cycle[0]));
        }
        message.push_str("\nTry the '--graph' option and opening the resulting '.dot' file in OmniGraffle or GraphViz");
        Some(message)
    }

    /// The dependency cycles of the catalog, each as the resources in it
    /// (`Type[title]`, in catalog order).
    pub(super) fn dependency_cycles(&self) -> Vec<Vec<String>> {
        let resources = &self.catalog.resources;
        let n = resources.len();
        let start = |i: usize| 2 * i;
        let end = |i: usize| 2 * i + 1;
        let mut edges: Vec<Vec<usize>> = vec![Vec::new(); 2 * n];
        let mut is_container = vec![false; n];
        for (i, r) in resources.iter().enumerate() {
            if r.virtual_ {
                continue;
            }
            for c in [r.container_index, r.contained_by].into_iter().flatten() {
                is_container[c] = true;
                edges[start(c)].push(start(i));
                edges[end(i)].push(end(c));
            }
        }
        for (i, r) in resources.iter().enumerate() {
            if r.virtual_ {
                continue;
            }
            if !is_container[i] {
                edges[start(i)].push(end(i));
            }
            for (key, value) in r.attributes.iter() {
                let forward = match confer_core::value::to_s(key).as_str() {
                    "before" | "notify" => true,
                    "require" | "subscribe" => false,
                    _ => continue,
                };
                for target in super::relationships::relationship_values(value) {
                    let Some(t) = self.reference_index(&target) else { continue };
                    if forward {
                        edges[end(i)].push(start(t));
                    } else {
                        edges[end(t)].push(start(i));
                    }
                }
            }
        }
        strongly_connected(&edges)
            .into_iter()
            .filter(|c| c.len() > 1)
            .map(|component| {
                let mut members: Vec<usize> = component.iter().map(|node| node / 2).collect();
                members.sort_unstable();
                members.dedup();
                members.iter().map(|&i| format!("{}[{}]", resources[i].type_name, resources[i].title)).collect()
            })
            .collect()
    }
}

/// Tarjan's strongly connected components, without recursion (a catalog can
/// hold more resources than the stack has frames).
fn strongly_connected(edges: &[Vec<usize>]) -> Vec<Vec<usize>> {
    const UNSEEN: usize = usize::MAX;
    let n = edges.len();
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut components = Vec::new();
    let mut next = 0;
    for root in 0..n {
        if index[root] != UNSEEN {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        while let Some(&mut (v, ref mut child)) = work.last_mut() {
            if *child == 0 {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = edges[v].get(*child) {
                *child += 1;
                if index[w] == UNSEEN {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut component = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                components.push(component);
            }
        }
    }
    components
}

#[cfg(test)]
mod tests {
    use super::strongly_connected;

    #[test]
    fn finds_the_cycle_and_leaves_the_rest_alone() {
        let edges = vec![vec![1], vec![2], vec![0], vec![0]];
        let mut cycles: Vec<Vec<usize>> = strongly_connected(&edges).into_iter().filter(|c| c.len() > 1).collect();
        cycles[0].sort_unstable();
        assert_eq!(cycles, vec![vec![0, 1, 2]]);
    }
}
