notice(String(1.5), String(1.5, '%.2f'), String(1234.5678, '%10.3f'), String(0.1, '%g'), String(100000000.0, '%g'), String(1.5, '%a'), String(18.0, '%e'), String(18.0, '%#s'), String([1.5, 2.0]))
