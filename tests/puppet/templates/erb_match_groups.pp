# $1.. after =~, match and case/when with a regexp; a failed match clears them.
notice(inline_template("<% if /^(.*)match\$/ =~ 'filesmatch' %><%= \$1.capitalize %>Match<% end %> <% 'a-b'.match(/(\\w)-(\\w)/) %><%= \$2 %><%= \$1 %> <% case 'v12' when /v(\\d+)/ %><%= \$1.to_i + 1 %><% end %> <% 'x' =~ /y/ %><%= \$1.inspect %>"))
