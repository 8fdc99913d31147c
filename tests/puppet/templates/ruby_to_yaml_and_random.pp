# Ruby in templates: to_yaml and YAML.dump (Symbols, options, shared
# objects anchored), seeded Random draws and Integers past 64 bits.
$shared = ['x', 'yes']
notice(inline_template(@(ERB)))
<%= [:a, :"", "x", 1.5, nil, {"k" => :v}].to_yaml %>
<%= YAML.dump({"deep" => {"list" => [1, "2", "0755"]}}, :indentation => 4) %>
<%- s = @shared -%>
<%= [s, s, {"again" => s}].to_yaml %>
<%= [Random.new(5).rand(1000), Random.new("10000000000000000".hex).rand(1000), Random.new("100000000".hex).rand(1000)].inspect %>
<%= [Random.new(42).rand(3..9), "ffffffffffffffffffff".hex, "ffffffffffffffffffff".hex % 97, "z".to_i(36), "-0x1A".hex, "0b101".oct, "1_000x".to_i].inspect %>
<%= Array.new(3) { |i| i * i }.inspect %>
| ERB
