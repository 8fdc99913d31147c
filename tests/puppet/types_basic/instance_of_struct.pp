$t = Struct[{ mode => Enum[read, write, update], path => String[1] }]
notice({ mode => 'read', path => '/x' } =~ $t)
notice({ mode => 'read' } =~ $t)
notice({ mode => 'read', path => '/x', extra => 1 } =~ $t)
notice({} =~ Struct[{ article => Optional[String] }])
