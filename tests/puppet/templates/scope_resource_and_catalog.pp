# Ruby sees the catalog's resources and the scope's resource: type, title,
# to_hash (the name, then the parameters set).
define show(String $word = 'w') {
  notice(inline_template('<%= r = scope.resource; [r.type, r.title, r.to_hash[:word], r.to_hash[:name]].inspect %>'))
}
notify { 'first': message => 'm' }
show { 'here': word => 'x' }
notice(inline_template('<%= scope.catalog.resources.map { |r| "#{r.type}[#{r.title}]" }.inspect %>'))
notice(inline_template('<%= scope.catalog.resources.any? { |r| r.type == "Notify" && r.to_hash[:message] == "m" } %>'))
