# The Ruby subset Debian's module templates use.
$list = ['b', 'a', 'c']
$nested = [['x', 'y'], undef, ['z']]
$opts = { 'beta' => 2, 'alpha' => 1 }
$empty = []
$server = 'web server'
$port = 8080
notice(inline_template('<% @list.each do |x| -%><%= x %>;<% end -%>'))
notice(inline_template('<% @list.each_with_index do |x, i| %><%= i %>=<%= x %> <% end %>'))
notice(inline_template('<%= @list.sort.join(",") %> <%= @list.map { |x| x.upcase }.join %> <%= @list.sort_by { |x| x }.reverse.join("-") %>'))
notice(inline_template('<%= @nested.flatten.compact.join(" ") %> <%= @nested.compact.length %> <%= @list.include?("a") %> <%= @list.select { |x| x > "a" }.join %>'))
notice(inline_template('<% @opts.keys.sort.each do |k| -%><%= k %>=<%= @opts[k] %> <% end -%>|<% @opts.sort.each do |k, v| %><%= k %>:<%= v %>,<% end %>'))
notice(inline_template('<%= @opts.has_key?("beta") %> <%= @opts.key?("gamma") %> <%= @empty.empty? %> <%= @list.empty? %> <%= @nothing.nil? %> <%= @server.nil? %>'))
notice(inline_template('<%= @server.capitalize %> <%= @server.upcase %> <%= "port #{@port + 1} of #{@server}" %> <%= @port.to_s + "!" %>'))
notice(inline_template('<%= @list.is_a?(Array) %> <%= @opts.is_a?(Hash) %> <%= @server.is_a?(String) %> <%= @port.kind_of?(Integer) %>'))
notice(inline_template('<% if @port > 9000 -%>high<% elsif @port > 8000 -%>mid<% else -%>low<% end -%> <% unless @empty.empty? %>nonempty<% else %>empty<% end %>'))
notice(inline_template('<% case @server when "x" then %>x<% when /web/ then %>web<% else %>other<% end %> <%= @port == 8080 ? "yes" : "no" %>'))
notice(inline_template('<%= "mod" if @port %><%= "never" unless @port %> <%= (@port && @server) %> <%= (@nothing || "dflt") %> <%= (not @nothing) %> <%= (@port and nil).inspect %>'))
notice(inline_template('<% total = 0 %><% [1, 2, 3].each { |n| total += n } %><%= total %> <% acc = [] %><% @list.each do |x| acc << x * 2 end %><%= acc.join(",") %>'))
notice(inline_template('<%= scope.lookupvar("port") %> <%= scope["server"] %> <%= scope.lookupvar("::server") %> <%= scope.call_function("upcase", ["abc"]) %> <%= scope.function_join([["a", "b"], "+"]) %>'))
notice(inline_template('<%= @list.first %><%= @list.last %> <%= @list.uniq.size %> <%= @list.max %> <%= @list.min %> <%= @list.reject { |x| x == "a" }.join %> <%= @list.count %>'))
notice(inline_template('<%= @server.split(" ").join("_") %> <%= @server.gsub(/e/, "E") %> <%= @server.sub("web", "WEB") %> <%= @server.start_with?("web") %> <%= @server.length %> <%= " x ".strip %>'))
notice(inline_template('<%= @server =~ /server/ ? "m" : "n" %> <%= @server !~ /q/ %> <%= @opts.map { |k, v| "#{k}=#{v}" }.sort.join("&") %> <%= Array(@server).inspect %> <%= Array(nil).inspect %>'))
notice(inline_template('<%= [3, 1, 2].sort.inspect %> <%= @opts.values.inspect %> <%= "8".to_i + 1 %> <%= 7 / 2 %> <%= 7 % 3 %> <%= 2.0 * 3 %> <%= -7 / 2 %>'))
