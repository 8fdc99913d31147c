# EPP parameters: types, defaults, and arguments without a declaration.
notice(inline_epp("<%- | String \$x, Integer \$y = 1 | -%>\n<%= \$x %>-<%= \$y %>", { 'x' => 'a' }))
notice(inline_epp("<%- | \$x, \$y = \"\${x}!\" | -%>\n<%= \$y %>", { 'x' => 'b', 'y' => 'c' }))
notice(inline_epp("<%- | \$x, \$y = \"\${x}!\" | -%>\n<%= \$y %>", { 'x' => 'b' }))
notice(inline_epp('no params: <%= $free %>', { 'free' => 'given' }))
notice(inline_epp('<%-||-%>empty list'))
notice(epp('tpl/greeting.epp', { 'name' => 'world' }))
notice(epp('tpl/greeting', { 'name' => 'again', 'punct' => '?' }))
