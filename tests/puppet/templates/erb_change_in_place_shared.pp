# Arrays and Hashes are shared objects: a change through one reference is
# seen through all of them, a method's parameter included.
notice(inline_template('<%
  def add(h, k) h[k] = 1 end
  inner = {}
  outer = {"i" => inner, "list" => [inner]}
  add(inner, "x")
  r = []
  [1, 2].map { |v| r << v }
  r.delete(1)
-%><%= outer.inspect %>|<%= r.inspect %>|<%= [1, 2, 2].uniq!.inspect %>|<%= [1].uniq!.inspect %>|<%= {"a" => 1}.delete("a") %>'))
