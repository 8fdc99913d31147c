# scope.call_function splats its arguments as Ruby does: a Hash gives its pairs.
notice(inline_template('<%= scope.call_function("join", {"a" => 1}) %>|<%= scope.call_function("flatten", {"a" => 1}).inspect %>'))
