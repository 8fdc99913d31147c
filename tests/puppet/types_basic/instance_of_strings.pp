notice('a' =~ String[2])
notice('abc' =~ String[1])
notice('abc' =~ String[1, 2])
$size = Integer[1, 2]
notice('abc' =~ String[$size])
notice('' =~ String[0, 0])
