$b = Binary('binary', '%s')
notice(String($b), String($b, '%s'), String($b, '%#s'), String($b, '%p'), String($b, '%u'), String($b, '%t'), String($b, '%T'), [$b])
