# Ruby in templates: named groups (plain groups then do not capture),
# scan with a block, CGI.escape, URI(), Gem::Version, IPv6 masks.
notice(inline_template(@(ERB)))
<%- m = /(?<a>x)(y)(?<b>z)?/.match("xy") -%>
<%= [m.names, m[:a], m["b"], m.named_captures, m.captures].inspect %>
<%- out = []; "a=1, b=2".scan(/(\w)=(\d)/) { |k, v| out << k + v + $~[0] } -%>
<%= out.inspect %>
<%= require "cgi"; [CGI.escape("a b&c/d~é*"), URI("https://user@host.example.com:8140/x?y=1").host].inspect %>
<%= ["10.0.0b12", "10.0.0b3", "10.0.0a2", "9.0.10", "9.0.3"].sort_by { |v| Gem::Version.new(v) }.inspect %>
<%= [Gem::Version.new("1.0.0") == Gem::Version.new("1"), Gem::Version.new("1.2-rc1").to_s, Gem::Version.new("1.0.a") < Gem::Version.new("1.0")].inspect %>
<%= require "ipaddr"; [IPAddr.new("::/ffff:ffff:ffff:ffff::").prefix, IPAddr.new("10.0.0.0/255.255.254.0").prefix].inspect %>
| ERB
