C     ODE helpers in the style of ODEPACK (fixed form, FORTRAN 77).
C
C     EWSET sets the error weight vector EWT according to
C     EWT(i) = RTOL(i)*ABS(YCUR(i)) + ATOL(i), i = 1,...,N.
C
      SUBROUTINE EWSET (N, ITOL, RTOL, ATOL, YCUR, EWT)
      INTEGER N, ITOL, I
      DOUBLE PRECISION RTOL(*), ATOL(*), YCUR(N), EWT(N)
      GO TO (10, 20, 30, 40), ITOL
 10   CONTINUE
      DO 15 I = 1,N
 15     EWT(I) = RTOL(1)*ABS(YCUR(I)) + ATOL(1)
      RETURN
 20   CONTINUE
      DO 25 I = 1,N
 25     EWT(I) = RTOL(1)*ABS(YCUR(I)) + ATOL(I)
      RETURN
 30   CONTINUE
      DO 35 I = 1,N
 35     EWT(I) = RTOL(I)*ABS(YCUR(I)) + ATOL(1)
      RETURN
 40   CONTINUE
      DO 45 I = 1,N
 45     EWT(I) = RTOL(I)*ABS(YCUR(I)) + ATOL(I)
      RETURN
      END
*
*     VMNORM computes the weighted max-norm of the vector of length N
*     contained in the array V, with weights contained in W:
*       VMNORM = MAX(i=1,...,N) ABS(V(i))*W(i)
*
      DOUBLE PRECISION FUNCTION VMNORM (N, V,
     1                                  W)
      INTEGER N, I
      DOUBLE PRECISION V(N), W(N), VM
      VM = 0.0D0
      DO 10 I = 1,N
 10     VM = MAX(VM,ABS(V(I))*W(I))
      VMNORM = VM
      RETURN
      END
c
c     the first set of Gauss-Kronrod nodes, as QUADPACK writes them
c
      BLOCK DATA KRONRD
      DOUBLE PRECISION XGK(3)
      COMMON /KRON/ XGK
      DATA XGK(1) / 0.9914553711 2081255165 2022033803 D0 /
      DATA XGK(2) / 0.9491079123 4275852452 6189484357 D0 /
      DATA XGK(3) / 0.8648644233 5976907278 9712788640 D0 /
      END
