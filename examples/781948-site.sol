# freecell-cli solution
# deal: 781948
# variant: site
# cells: 4
# moves: 125
4a 3b 3c 6d 36 46 d6 73 7d 78
73 d4 7d a7 47 5a d5 a4 63 4a
6d c6 65 85 6c 61 a4 58 51 86v2
87 5a 57 27 a5 61 6a d6 56 57
15v2 2d 28 27 d7 17 57 15v2 2d 26
2h 7h 86 3h 43 42 32 45 4h 46
84 8h 8h 18 7h a7 4a 34 24 2h
36 46 58 32v3 14 1h 15 1h 15 d5
3d 31 35 3h 6h 7h 8h 7h 6h 7h
1h 6h 8h 6h 8h 7h 1h 8h 2h 6h
7h 6h 4h 7h 2h 5h 2h 6h 7h 6h
5h 7h dh 7h 6h bh 5h 6h 7h 5h
1h ah 6h ch 7h
