class c { type A = Integer }
