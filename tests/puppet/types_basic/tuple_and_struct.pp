notice([1, 'a'] =~ Tuple[Integer, String], {'a' => 1} =~ Struct[{a => Integer}], {} =~ Struct[{a => Integer}])
