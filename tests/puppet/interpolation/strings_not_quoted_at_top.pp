$s = "it's \"quoted\""
notice("<${s}>")
notice("<${[$s]}>")
notice("<${{$s => $s}}>")
