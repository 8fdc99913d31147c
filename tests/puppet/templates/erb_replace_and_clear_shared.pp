notice(inline_template('<% a = [1, 2]; b = a; a.replace([3]); h = {1 => 2}; h.clear; %><%= b.inspect %>|<%= h.inspect %>|<%= [1].clear.inspect %>'))
