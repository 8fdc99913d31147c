# Ruby's to_s and inspect of Puppet values seen by ERB.
$str = 'text'
$int = 42
$float = 2.5
$bool = true
$arr = ['a', 1, [2, 3], undef]
$hash = { 'k' => 'v', 'n' => 1, 'a' => [1] }
$undefined = undef
$sens = Sensitive('secret')
notice(inline_template('<%= @str %>|<%= @int %>|<%= @float %>|<%= @bool %>|<%= @undefined %>|<%= @nosuch %>'))
notice(inline_template('<%= @arr %>|<%= @hash %>|<%= @arr.inspect %>|<%= @undefined.inspect %>|<%= :sym %>|<%= :sym.inspect %>'))
notice(inline_template('<%= [1.0, 1e20, 0.1, -3] %>|<%= {:a => nil, "q\"" => [true]} %>|<%= @sens %>'))
notice(inline_template('<%= @int.class %> <%= @float.class %> <%= @arr.class %> <%= @hash.class %> <%= @undefined.class %>'))
