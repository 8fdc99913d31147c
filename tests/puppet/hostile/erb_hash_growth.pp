# A template that fills a Hash and an Array in a loop of 100,000 turns:
# linear in Ruby, and must be in confer (a Hash once copied or scanned on
# every write took minutes).
$sizes = inline_template(@(ERB))
  <%- h = {}; a = []; i = 0 -%>
  <%- while i < 100000; h[i] = i; h["k#{i % 7}"] = i; a << i; i += 1; end -%>
  <%= h.size %> <%= a.size %> <%= h[99999] %> <%= h['k3'] %>
  | ERB
notice($sizes)
