# apache::bool2httpd, which the apache module's templates call (module Ruby
# function: here beside the templates' modules).
notice([true, false, undef, 'True', 'falsey', 'x', 5, [1, 'a']].map |$v| { apache::bool2httpd($v) })
notice(inline_template("<%= scope.call_function('apache::bool2httpd', [true]) %> <%= scope.call_function('apache::bool2httpd', [nil]) %>"))
