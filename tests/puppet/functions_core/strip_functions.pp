notice("[${strip('  a b  ')}]", "[${lstrip('  a ')}]", "[${rstrip(' a  ')}]")
