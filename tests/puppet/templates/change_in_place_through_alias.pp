# A template that changes an object in place through another name changes
# the Puppet variable and the resource parameter that hold it.
define v($list = [], $h = {}) {
  $out = inline_template("<%- a = @list -%><%- a << 'x' -%><%- b = @h -%><%- b['k'] = 1 -%><%= @list.inspect %><%= @h.inspect %>")
  notice($out)
  notice($list)
  notice($h)
  notify { $title: message => $list }
}
v { 'one': }
v { 'two': list => ['a'] }
$shared = ['s']
v { 'three': list => $shared }
notice($shared)
