notice(3 ? { String => 's', Integer => 'i' })
notice('abc' ? { /^a(.)/ => "re ${1}", default => 'no' })
notice([1] ? { Array[Integer] => 'ints', default => 'no' })
