# More of the Ruby subset: loops, ranges, literals, blocks and defined?.
$servers = ['s1', 's2', 's3']
$settings = { 'b' => 'two', 'a' => 'one' }
$count = 3
notice(inline_template('<% for s in @servers do %><%= s %>,<% end %> <% i = 0 %><% while i < 3 do i += 1 end %><%= i %>'))
notice(inline_template('<%= (1..4).to_a.inspect %> <%= (1...4).map { |n| n * 2 }.join(",") %> <%= %w(x y z).join("|") %> <%= [1, [2, [3]]].flatten.inspect %>'))
notice(inline_template('<% @settings.each_pair do |k, v| %><%= k %>=<%= v %>;<% end %> <%= @settings.sort_by { |k, v| k }.map { |k, v| v }.join(" ") %> <%= {a: 1, "b" => :c}.inspect %>'))
notice(inline_template('<%= [1, 2, 3].inject(0) { |sum, n| sum + n } %> <%= @servers.map(&:upcase).join %> <%= defined?(@count) %> <%= defined?(@nope).inspect %>'))
notice(inline_template('<% case @count %><% when 1..2 %>small<% when Integer %>int<% end %> <% case %><% when @count > 2 %>big<% end %> <%= @count > 2 ? (@count > 5 ? "huge" : "big") : "small" %>'))
notice(inline_template("<%= \"tab\\tnew\" %> <%= 'single #{no}' %> <%= \"nested #{@servers.map { |s| \"<#{s}>\" }.join}\" %> <%= Regexp.escape('a.b*c') %>"))
notice(inline_template('<%= @servers.include?("s2") && !@servers.empty? %> <%= @settings.keys.sort.first %> <%= @settings.values.sort.last %> <%= @servers.reverse.first %> <%= @servers.zip([1, 2, 3]).inspect %>'))
notice(inline_template('<% x = nil %><%= x.nil? ? "nil" : x %> <%= [nil, false, 0, ""].map { |v| v ? "t" : "f" }.join %> <%= @servers.each_slice(2).to_a.inspect %> <%= @servers.group_by { |s| s.length }.inspect %>'))
